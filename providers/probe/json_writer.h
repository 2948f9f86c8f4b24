#pragma once
// A small JSON emitter for the probe's one output document: objects keep the order fields are written in,
// strings are escaped (RFC 8259 §7), numbers round-trip (std::to_chars). The probe needs nothing but the
// CUDA toolkit to build, so it does not use nlohmann_json.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::probe {

class JsonWriter
{
public:
    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    /// The next member's name (inside an object).
    void key(std::string_view name);
    void string(std::string_view value);
    /// A finite number in its shortest round-trip form; NaN and infinities become null.
    void number(double value);
    void integer(std::int64_t value);
    void boolean(bool value);
    void null();

    /// The document, indented by 2, with a final newline.
    std::string text() const { return m_out + '\n'; }

private:
    void beforeValue();
    void newline();
    void writeString(std::string_view value);

    struct Level
    {
        bool object = false;
        int count = 0;
    };
    std::string m_out;
    std::vector<Level> m_levels;
    bool m_afterKey = false;
};

} // namespace gpuplan::probe
