// A minimal writer for one-line JSON objects, the records `kanju solve --json` and `kanju bench
// --json` print (one object per line, so a consumer can read results as they arrive).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kanju::cli {

// `text` as a JSON string literal, quotes included. UTF-8 passes through unchanged.
std::string json_string(std::string_view text);

class JsonObject {
 public:
  // Distinct names, not overloads: a string literal would otherwise convert to bool.
  JsonObject& str(std::string_view key, std::string_view value);
  JsonObject& integer(std::string_view key, int64_t value);
  JsonObject& number(std::string_view key, double value, int decimals);
  JsonObject& boolean(std::string_view key, bool value);
  JsonObject& null(std::string_view key);
  JsonObject& strings(std::string_view key, const std::vector<std::string>& values);
  JsonObject& object(std::string_view key, const JsonObject& value);
  JsonObject& objects(std::string_view key, const std::vector<JsonObject>& values);

  // The object, "{...}", without a newline.
  std::string text() const { return text_ + "}"; }

 private:
  JsonObject& raw(std::string_view key, std::string_view json);

  std::string text_ = "{";
};

// Reading back the lines these objects make (--resume): enough for fields written as above,
// not a general JSON parser.

// Reads the JSON string starting at text[i] (a quote), unescaping; i ends after it.
std::string json_string_at(const std::string& text, size_t& i);

// Where the value of the field `name` starts in a line (its first occurrence), or npos. Callers
// look only for fields that come before any nested object that could hold the same name.
size_t field_value(const std::string& line, const std::string& name);

// The number in the last field `name` of a line (0 without).
double last_number(const std::string& line, const std::string& name);

}  // namespace kanju::cli
