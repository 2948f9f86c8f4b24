// The ECB's euro foreign exchange reference rates, XML (eurofxref-daily.xml and the 90-day / history files of the
// same layout):
// https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html
//
//   <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"
//                    xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
//     <gesmes:subject>Reference rates</gesmes:subject> …
//     <Cube><Cube time='2025-05-09'><Cube currency='USD' rate='1.1252'/> … </Cube></Cube>
//   </gesmes:Envelope>
//
// Rates are units of the currency per 1 EUR. The reader is a small strict XML scanner written for this one layout:
// it never loads a DTD and expands no entity other than XML's five predefined ones and character references, so an
// "external entity" or "billion laughs" document is refused, not expanded. Every element must close (a truncated
// download is an error), and the whole document is read before anything is returned.

#include "importers.h"
#include "util.h"

#include <cmath>
#include <map>
#include <set>

namespace gpuplan::importers {

namespace {

using core::Error;
using core::ErrorCode;

constexpr std::size_t maxDepth = 32;
constexpr std::size_t maxAttributes = 16;

struct Tag
{
    std::string name; ///< local name (prefix dropped)
    std::string qualified;
    std::map<std::string, std::string> attributes; ///< by local name
    bool closing = false;
    bool empty = false; ///< <a/>
    std::size_t line = 1;
};

class Scanner
{
public:
    Scanner(std::string_view text, const std::string& file)
        : m_text(text)
        , m_file(file)
    { }

    /// The next tag, or nothing at the end of the text. Text between tags is skipped; declarations, processing
    /// instructions and comments are skipped; a DTD is an error.
    std::optional<Tag> next()
    {
        for (;;) {
            const std::size_t lt = m_text.find('<', m_pos);
            countLines(lt == std::string_view::npos ? m_text.size() : lt);
            if (lt == std::string_view::npos) {
                m_pos = m_text.size();
                return std::nullopt;
            }
            m_pos = lt;
            const std::string_view rest = m_text.substr(m_pos);
            if (rest.rfind("<?", 0) == 0) {
                skipPast("?>", "a processing instruction");
                continue;
            }
            if (rest.rfind("<!--", 0) == 0) {
                skipPast("-->", "a comment");
                continue;
            }
            if (rest.rfind("<!", 0) == 0)
                fail("declares a DTD, an entity or a CDATA section (\"" + std::string(rest.substr(0, 9))
                    + "\"): refused, the reference rates use none and no entity is ever expanded");
            return tag();
        }
    }

    [[noreturn]] void fail(const std::string& what) const
    {
        throw Error {ErrorCode::InvalidInput, m_file + ":line " + std::to_string(m_line) + ": " + what};
    }
    std::size_t line() const { return m_line; }

private:
    void countLines(std::size_t upTo)
    {
        for (std::size_t i = m_counted; i < upTo && i < m_text.size(); ++i)
            if (m_text[i] == '\n')
                ++m_line;
        m_counted = std::max(m_counted, upTo);
    }
    void skipPast(std::string_view end, const char* what)
    {
        const std::size_t e = m_text.find(end, m_pos + 2);
        if (e == std::string_view::npos)
            fail(std::string(what) + " does not end: the document is cut off (truncated download?)");
        countLines(e);
        m_pos = e + end.size();
    }
    static bool nameChar(char c)
    {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ':' || c == '_'
            || c == '-' || c == '.';
    }
    static bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
    static std::string local(const std::string& q)
    {
        const auto colon = q.find(':');
        return colon == std::string::npos ? q : q.substr(colon + 1);
    }
    void skipSpace()
    {
        while (m_pos < m_text.size() && space(m_text[m_pos])) {
            if (m_text[m_pos] == '\n')
                ++m_line;
            ++m_pos;
        }
        m_counted = std::max(m_counted, m_pos);
    }
    std::string name()
    {
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() && nameChar(m_text[m_pos]))
            ++m_pos;
        return std::string(m_text.substr(start, m_pos - start));
    }
    [[noreturn]] void cutOff() const { fail("a tag does not end: the document is cut off (truncated download?)"); }

    /// XML's five predefined entities and character references (ASCII only: the values read are dates, codes
    /// and numbers); anything else is an error.
    std::string decode(std::string_view raw) const
    {
        std::string out;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] == '<')
                fail("'<' inside an attribute value");
            if (raw[i] != '&') {
                out += raw[i];
                continue;
            }
            const std::size_t semi = raw.find(';', i);
            const std::string_view ref = raw.substr(i + 1, semi == std::string_view::npos ? 0 : semi - i - 1);
            static const std::map<std::string_view, char> named
                = {{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
            if (auto it = named.find(ref); semi != std::string_view::npos && it != named.end())
                out += it->second;
            else if (semi != std::string_view::npos && ref.size() >= 2 && ref.size() <= 6 && ref[0] == '#') {
                const bool hex = ref[1] == 'x';
                long v = 0;
                for (char c : ref.substr(hex ? 2 : 1)) {
                    const int d = c >= '0' && c <= '9' ? c - '0'
                        : hex && c >= 'a' && c <= 'f'  ? c - 'a' + 10
                        : hex && c >= 'A' && c <= 'F'  ? c - 'A' + 10
                                                       : -1;
                    if (d < 0)
                        fail("a bad character reference \"&" + std::string(ref) + ";\"");
                    v = v * (hex ? 16 : 10) + d;
                }
                if (v < 0x20 || v > 0x7e)
                    fail("a character reference outside printable ASCII \"&" + std::string(ref) + ";\"");
                out += static_cast<char>(v);
            } else
                fail("an entity reference \"&" + std::string(ref.substr(0, 20))
                    + "\" that is not one of XML's predefined five: refused (entities are never expanded)");
            i = semi;
        }
        return out;
    }

    Tag tag()
    {
        Tag t;
        t.line = m_line;
        ++m_pos; // '<'
        if (m_pos < m_text.size() && m_text[m_pos] == '/') {
            t.closing = true;
            ++m_pos;
        }
        t.qualified = name();
        if (t.qualified.empty())
            fail(m_pos >= m_text.size() ? "a tag does not end: the document is cut off (truncated download?)"
                                        : "a '<' that does not start a tag");
        t.name = local(t.qualified);
        for (;;) {
            skipSpace();
            if (m_pos >= m_text.size())
                cutOff();
            const char c = m_text[m_pos];
            if (c == '>') {
                ++m_pos;
                return t;
            }
            if (c == '/' && !t.closing) {
                if (m_pos + 1 >= m_text.size())
                    cutOff();
                if (m_text[m_pos + 1] != '>')
                    fail("'/' inside the tag <" + t.qualified + ">");
                m_pos += 2;
                t.empty = true;
                return t;
            }
            if (t.closing)
                fail("a closing tag </" + t.qualified + "> with attributes");
            const std::string attr = name();
            if (attr.empty())
                fail("an unexpected '" + std::string(1, c) + "' inside the tag <" + t.qualified + ">");
            skipSpace();
            if (m_pos >= m_text.size())
                cutOff();
            if (m_text[m_pos] != '=')
                fail("the attribute " + attr + " of <" + t.qualified + "> has no value");
            ++m_pos;
            skipSpace();
            if (m_pos >= m_text.size())
                cutOff();
            const char quote = m_text[m_pos];
            if (quote != '\'' && quote != '"')
                fail("the value of the attribute " + attr + " of <" + t.qualified + "> is not quoted");
            const std::size_t end = m_text.find(quote, m_pos + 1);
            if (end == std::string_view::npos)
                cutOff();
            const std::string value = decode(m_text.substr(m_pos + 1, end - m_pos - 1));
            countLines(end);
            m_pos = end + 1;
            if (t.attributes.size() >= maxAttributes)
                fail("more than " + std::to_string(maxAttributes) + " attributes on <" + t.qualified + ">");
            if (!t.attributes.emplace(local(attr), value).second)
                fail("the attribute " + attr + " twice on <" + t.qualified + ">");
        }
    }

    std::string_view m_text;
    const std::string& m_file;
    std::size_t m_pos = 0;
    std::size_t m_line = 1;
    std::size_t m_counted = 0;
};

/// A rate as the ECB writes it: digits with at most one decimal point ("1.1252", "163.36"). A decimal comma
/// (a file re-saved through a locale), an exponent or a sign is not accepted.
std::optional<double> ecbNumber(const std::string& s)
{
    if (s.empty() || s.size() > 24)
        return std::nullopt;
    int points = 0;
    for (char c : s) {
        if (c == '.')
            ++points;
        else if (c < '0' || c > '9')
            return std::nullopt;
    }
    if (points > 1 || s.front() == '.' || s.back() == '.')
        return std::nullopt;
    std::string why;
    return util::readNumber(s, util::Sign::Positive, why);
}

} // namespace

Result<EcbRates> importEcbReferenceRates(std::string_view text, const std::string& fileName, const std::string& source)
{
    try {
        if (util::isBlank(text))
            return Error {ErrorCode::InvalidInput, fileName + ": is empty"};
        Scanner scan(text, fileName);
        std::vector<std::string> open; // qualified names of the elements open now
        bool rootSeen = false;
        bool envelope = false;
        // per day: currency → rate per EUR
        std::map<std::string, std::map<std::string, double>> days;
        std::string day;          // the <Cube time=…> open now
        std::size_t dayDepth = 0; // how many elements are open outside it
        while (auto t = scan.next()) {
            if (t->closing) {
                if (open.empty() || open.back() != t->qualified)
                    scan.fail("</" + t->qualified + "> closes "
                        + (open.empty() ? std::string("nothing") : "<" + open.back() + ">"));
                open.pop_back();
                if (!day.empty() && open.size() == dayDepth)
                    day.clear();
                continue;
            }
            if (open.empty()) {
                if (rootSeen)
                    scan.fail("a second root element <" + t->qualified + ">");
                rootSeen = true;
                envelope = t->name == "Envelope";
                if (!envelope)
                    scan.fail("the root element is <" + t->qualified
                        + ">, not the ECB's <gesmes:Envelope>: is this the eurofxref XML?");
            }
            if (t->name == "Cube") {
                const auto time = t->attributes.find("time");
                const auto currency = t->attributes.find("currency");
                if (time != t->attributes.end()) {
                    if (!core::isIsoDate(time->second))
                        scan.fail("Cube time: must be a date YYYY-MM-DD, got " + util::quote(time->second));
                    if (days.count(time->second))
                        scan.fail("Cube time: the day " + time->second + " twice");
                    days[time->second];
                    if (!t->empty) {
                        day = time->second;
                        dayDepth = open.size();
                    }
                } else if (currency != t->attributes.end()) {
                    const std::string& code = currency->second;
                    if (day.empty())
                        scan.fail("Cube currency=" + util::quote(code) + " outside a <Cube time=…> day");
                    if (!day.empty() && open.size() != dayDepth + 1)
                        scan.fail("Cube currency=" + util::quote(code) + " nested inside another rate");
                    if (!util::isCurrency(code))
                        scan.fail("Cube currency: must be a three-letter ISO 4217 code, got " + util::quote(code));
                    const auto rate = t->attributes.find("rate");
                    if (rate == t->attributes.end())
                        scan.fail("Cube currency=" + util::quote(code) + ": no rate");
                    const auto v = ecbNumber(rate->second);
                    if (!v)
                        scan.fail("Cube currency=" + util::quote(code) + " rate: must be a positive number with a "
                            + "decimal point, got " + util::quote(rate->second));
                    if (!days[day].emplace(code, *v).second)
                        scan.fail("Cube currency=" + util::quote(code) + ": twice on " + day);
                }
            }
            if (!t->empty) {
                if (open.size() >= maxDepth)
                    scan.fail("elements nested deeper than " + std::to_string(maxDepth));
                open.push_back(t->qualified);
            }
        }
        if (!rootSeen)
            return Error {ErrorCode::InvalidInput, fileName + ": no XML element: is this the ECB's eurofxref XML?"};
        if (!open.empty())
            scan.fail(
                "the document ends inside <" + open.back() + ">: it is cut off (truncated download?); nothing is used");
        if (days.empty())
            scan.fail("no <Cube time=…> day of rates: has the format changed?");
        // The newest day; the ECB quotes per EUR, gpuplan per USD: cross rates through that day's USD rate.
        const std::string& date = days.rbegin()->first; // not a structured binding: clang 14 cannot capture one
        const auto& rates = days.rbegin()->second;
        const auto usd = rates.find("USD");
        if (usd == rates.end())
            scan.fail("no USD rate on " + date + ": rates per USD cannot be derived");
        EcbRates out;
        out.date = date;
        out.currencies = rates.size();
        const std::string what = source + " (ECB euro reference rates of " + date + "; ";
        auto add = [&](const std::string& code, double perUsd, const std::string& how) {
            if (!std::isfinite(perUsd) || perUsd <= 0)
                scan.fail("Cube currency=" + util::quote(code) + ": no finite cross rate per USD");
            out.rates.push_back({code, perUsd, date, what + how + ")"});
        };
        char buf[96];
        std::snprintf(buf, sizeof buf, "1 / %.10g USD per EUR", usd->second);
        add("EUR", 1 / usd->second, buf);
        for (const auto& [code, perEur] : rates)
            if (code != "USD" && code != "EUR") {
                std::snprintf(
                    buf, sizeof buf, "%.10g %s per EUR / %.10g USD per EUR", perEur, code.c_str(), usd->second);
                add(code, perEur / usd->second, buf);
            }
        return out;
    } catch (const Error& e) {
        return e;
    }
}

} // namespace gpuplan::importers
