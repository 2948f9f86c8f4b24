#include "transport.h"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

namespace gpuplan::providers::fetch {

namespace {

/// Collects a body in memory (the transport enforces the size limit).
class StringSink final : public BodySink
{
public:
    explicit StringSink(std::string& out)
        : m_out(out)
    { }
    core::Status reset() override
    {
        m_out.clear();
        return core::Ok {};
    }
    core::Status write(std::string_view chunk) override
    {
        m_out.append(chunk);
        return core::Ok {};
    }

private:
    std::string& m_out;
};

bool iequals(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

} // namespace

core::Result<Response> Transport::get(const Request& request, const Progress& progress, const std::atomic<bool>* cancel)
{
    std::string body;
    StringSink sink(body);
    auto r = get(request, sink, progress, cancel);
    if (!r)
        return r;
    r->body = std::move(body);
    return r;
}

std::optional<std::chrono::seconds> parseRetryAfter(std::string_view value, std::time_t now)
{
    value = trim(value);
    if (value.empty())
        return std::nullopt;
    if (std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        long long s = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), s);
        if (ec != std::errc() || end != value.data() + value.size())
            return std::nullopt; // out of range
        return std::chrono::seconds(s);
    }
    // An HTTP date (IMF-fixdate, RFC 850 or asctime form): libcurl's parser knows all three.
    const std::string date(value);
    const std::time_t when = curl_getdate(date.c_str(), nullptr);
    if (when == -1)
        return std::nullopt;
    return std::chrono::seconds(when > now ? static_cast<long long>(when - now) : 0);
}

std::string redactUrl(std::string_view url)
{
    std::string out(url);
    // user:password@host
    if (const auto scheme = out.find("://"); scheme != std::string::npos) {
        const auto hostStart = scheme + 3;
        const auto hostEnd = out.find_first_of("/?#", hostStart);
        const auto at = out.rfind('@', hostEnd == std::string::npos ? out.size() : hostEnd);
        if (at != std::string::npos && at >= hostStart)
            out.erase(hostStart, at + 1 - hostStart);
    }
    // secret query parameters
    const auto q = out.find('?');
    if (q == std::string::npos)
        return out;
    std::string result = out.substr(0, q + 1);
    std::string_view rest = std::string_view(out).substr(q + 1);
    bool first = true;
    while (true) {
        const auto amp = rest.find('&');
        const std::string_view param = rest.substr(0, amp);
        const auto eq = param.find('=');
        const std::string_view name = param.substr(0, eq);
        if (!first)
            result += '&';
        first = false;
        if (eq != std::string_view::npos
            && (iequals(name, "key") || iequals(name, "api_key") || iequals(name, "apikey") || iequals(name, "token")
                || iequals(name, "access_token") || iequals(name, "signature") || iequals(name, "sig")))
            result.append(name).append("=***");
        else
            result.append(param);
        if (amp == std::string_view::npos)
            break;
        rest.remove_prefix(amp + 1);
    }
    return result;
}

bool credentialAllowed(std::string_view url)
{
    if (url.rfind("https://", 0) == 0)
        return true;
    if (url.rfind("http://", 0) != 0)
        return false;
    std::string_view host = url.substr(7);
    host = host.substr(0, host.find_first_of("/?#"));
    if (const auto at = host.rfind('@'); at != std::string_view::npos)
        host.remove_prefix(at + 1);
    if (host.rfind("[::1]", 0) == 0)
        return host.size() == 5 || host[5] == ':';
    host = host.substr(0, host.find(':'));
    if (host == "localhost")
        return true;
    // 127.a.b.c, a dotted IPv4 literal (not a name that starts with "127.")
    if (host.rfind("127.", 0) != 0 || std::count(host.begin(), host.end(), '.') != 3)
        return false;
    return std::all_of(host.begin(), host.end(), [](char c) { return c == '.' || (c >= '0' && c <= '9'); });
}

bool headerValueAllowed(std::string_view value)
{
    if (value.empty() || value.size() > 4096)
        return false;
    return std::all_of(value.begin(), value.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u >= 0x20 && u < 0x7f;
    });
}

std::string redactSecrets(std::string text, const std::vector<std::pair<std::string, std::string>>& secrets)
{
    for (const auto& secret : secrets) {
        const std::string& v = secret.second;
        if (v.size() < 4) // too short to find without hiding ordinary words
            continue;
        for (auto pos = text.find(v); pos != std::string::npos; pos = text.find(v, pos + 3))
            text.replace(pos, v.size(), "***");
        // An excerpt cut inside the secret ends with its first characters.
        for (std::size_t n = std::min(v.size() - 1, text.size()); n >= 4; --n)
            if (text.compare(text.size() - n, n, v, 0, n) == 0) {
                text.replace(text.size() - n, n, "***");
                break;
            }
    }
    return text;
}

} // namespace gpuplan::providers::fetch
