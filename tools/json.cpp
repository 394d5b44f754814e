#include "json.h"

#include <cstdio>
#include <cstdlib>

namespace kanju::cli {

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

JsonObject& JsonObject::raw(std::string_view key, std::string_view json) {
  if (text_.size() > 1) text_ += ", ";
  text_ += json_string(key);
  text_ += ": ";
  text_ += json;
  return *this;
}

JsonObject& JsonObject::str(std::string_view key, std::string_view value) {
  return raw(key, json_string(value));
}

JsonObject& JsonObject::integer(std::string_view key, int64_t value) {
  return raw(key, std::to_string(value));
}

JsonObject& JsonObject::number(std::string_view key, double value, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return raw(key, buf);
}

JsonObject& JsonObject::boolean(std::string_view key, bool value) {
  return raw(key, value ? "true" : "false");
}

JsonObject& JsonObject::null(std::string_view key) { return raw(key, "null"); }

JsonObject& JsonObject::strings(std::string_view key, const std::vector<std::string>& values) {
  std::string list = "[";
  for (size_t i = 0; i < values.size(); ++i) list += (i ? ", " : "") + json_string(values[i]);
  return raw(key, list + "]");
}

JsonObject& JsonObject::object(std::string_view key, const JsonObject& value) {
  return raw(key, value.text());
}

JsonObject& JsonObject::objects(std::string_view key, const std::vector<JsonObject>& values) {
  std::string list = "[";
  for (size_t i = 0; i < values.size(); ++i) list += (i ? ", " : "") + values[i].text();
  return raw(key, list + "]");
}

// Reads the JSON string starting at text[i] (a quote), unescaping; i ends after it.
std::string json_string_at(const std::string& text, size_t& i) {
  std::string out;
  for (++i; i < text.size() && text[i] != '"'; ++i) {
    if (text[i] != '\\' || i + 1 >= text.size()) {
      out += text[i];
      continue;
    }
    const char c = text[++i];
    if (c == 'n')
      out += '\n';
    else if (c == 't')
      out += '\t';
    else if (c == 'r')
      out += '\r';
    else if (c == 'u' && i + 4 < text.size()) {
      out += char(std::strtol(text.substr(i + 1, 4).c_str(), nullptr, 16));
      i += 4;
    } else
      out += c;
  }
  ++i;
  return out;
}

// Where the value of the top-level field `name` starts in a line written by verify_json, or
// npos. The fields this looks for come before any nested object that could hold the same name.
size_t field_value(const std::string& line, const std::string& name) {
  const std::string pattern = "\"" + name + "\": ";
  const size_t at = line.find(pattern);
  return at == std::string::npos ? at : at + pattern.size();
}

// The number in the last top-level field `name` of a line written by verify_json (0 without).
double last_number(const std::string& line, const std::string& name) {
  const size_t at = line.rfind("\"" + name + "\": ");
  return at == std::string::npos ? 0 : std::strtod(line.c_str() + at + name.size() + 4, nullptr);
}

}  // namespace kanju::cli
