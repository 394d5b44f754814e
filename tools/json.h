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

}  // namespace kanju::cli
