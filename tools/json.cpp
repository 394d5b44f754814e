#include "json.h"

#include <cstdio>

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

}  // namespace kanju::cli
