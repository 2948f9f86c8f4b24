// The importers of real price formats. Fixtures in tests/data/importers/ are small hand-made excerpts in each
// format carrying real figures (tests/data/importers/README.md says where each came from); every expected value
// below is read off the fixture by hand, with the arithmetic in the comment. The realSamples* tests import the
// untouched sample files under $GPUPLAN_SAMPLES (the shared samples folder beside the checkout; .ci/run sets it) when
// it is set.
#include "core/csv.h"
#include "providers/importers/importers.h"
#include "providers/importers/registry.h"
#include "testutil.h"

#include <set>
#include <sstream>
#include <streambuf>

using namespace gpuplan;
using core::PaymentOption;
using core::PricingModel;

Q_DECLARE_METATYPE(PricingModel)
Q_DECLARE_METATYPE(PaymentOption)

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

std::string fixture(const std::string& relative)
{
    const std::string path = GPUPLAN_TEST_DATA "/importers/" + relative;
    const std::string text = test::readFile(path);
    if (text.empty())
        qFatal("fixture %s is missing or empty", path.c_str());
    return text;
}

/// The real sample files, or "" when GPUPLAN_SAMPLES is not set.
std::string samplesDir()
{
    return qEnvironmentVariable("GPUPLAN_SAMPLES").toStdString();
}

std::string sample(const std::string& relative)
{
    const std::string path = samplesDir() + '/' + relative;
    const std::string text = test::readFile(path);
    if (text.empty())
        qFatal("sample %s is missing or empty", path.c_str());
    return text;
}

const core::Offering* findOffering(const std::vector<core::Offering>& list, const std::string& region,
    const std::string& zone, const std::string& type)
{
    for (const auto& o : list)
        if (o.region == region && o.zone == zone && o.instanceType == type)
            return &o;
    return nullptr;
}

const core::Price* findPrice(const core::Offering& o, PricingModel model, int termMonths = 0,
    PaymentOption payment = PaymentOption::None, const std::string& offeringClass = {})
{
    for (const auto& p : o.prices)
        if (p.pricingModel == model && p.termMonths == termMonths && p.paymentOption == payment
            && p.offeringClass == offeringClass)
            return &p;
    return nullptr;
}

/// -1 when there is no such price, else its hourly rate.
double hourly(const core::Offering& o, PricingModel model)
{
    const auto* p = findPrice(o, model);
    return p ? p->hourlyRate : -1.0;
}

QStringList list(std::initializer_list<std::string> items)
{
    QStringList out;
    for (const auto& s : items)
        out << QString::fromStdString(s);
    return out;
}

QStringList toList(const std::vector<std::string>& v)
{
    QStringList out;
    for (const auto& s : v)
        out << qs(s);
    return out;
}

bool startsWith(const std::string& s, const std::string& prefix)
{
    return s.rfind(prefix, 0) == 0;
}

#define REQUIRE_OK(result)                                                                                             \
    do {                                                                                                               \
        if (!(result))                                                                                                 \
            QFAIL((result).error().detail.c_str());                                                                    \
    } while (false)

#define REQUIRE_SAMPLES()                                                                                              \
    do {                                                                                                               \
        if (samplesDir().empty())                                                                                      \
            QSKIP("GPUPLAN_SAMPLES not set: real sample files not checked");                                           \
    } while (false)

core::Result<core::CatalogImport> skyPilot(const std::string& file, const std::string& provider)
{
    return importers::importSkyPilotCsv(
        fixture("skypilot/" + file), file, provider, "2026-11-30", "skypilot-catalog v8");
}

} // namespace

class TestImporters : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void canonicalGpuId_data();
    void canonicalGpuId();

    void skyPilotAws_data();
    void skyPilotAws();
    void skyPilotAwsWarnings();
    void skyPilotGcpSplitRows_data();
    void skyPilotGcpSplitRows();
    void skyPilotGcpWarnings();
    void skyPilotQuirks_data();
    void skyPilotQuirks();
    void skyPilotSkipsAndErrata();
    void skyPilotBadFile_data();
    void skyPilotBadFile();

    void awsCsvDefaultFilter();
    void awsCsvReserved_data();
    void awsCsvReserved();
    void awsCsvReservedWarnings();
    void awsCsvBadFile_data();
    void awsCsvBadFile();
    void awsJsonDefaultFilter();
    void awsJsonReserved_data();
    void awsJsonReserved();
    void awsJsonBadFile_data();
    void awsJsonBadFile();

    void spotAdvisor();
    void spotAdvisorApply_data();
    void spotAdvisorApply();
    void spotAdvisorBadFile_data();
    void spotAdvisorBadFile();

    void azurePage_data();
    void azurePage();
    void azureSkipsAndWarnings();
    void azurePagingAndHardware();
    void azureBadFile_data();
    void azureBadFile();

    void gcpMachines_data();
    void gcpMachines();
    void gcpWarnings();
    void gcpPages();
    void gcpBadFile_data();
    void gcpBadFile();
    void gcpPricingYaml_data();
    void gcpPricingYaml();
    void gcpPricingYamlWarnings();
    void gcpPricingYamlBadFile_data();
    void gcpPricingYamlBadFile();

    void alibaba_data();
    void alibaba();
    void alibabaWarnings();
    void alibabaBadFile_data();
    void alibabaBadFile();

    void realSamplesSkyPilot_data();
    void realSamplesSkyPilot();
    void realSamplesAwsCsv();
    void realSamplesAwsJson();
    void realSamplesSpotAdvisor();
    void realSamplesAzure();
    void realSamplesGcp();
    void realSamplesGcpPricingYaml();
    void realSamplesAlibaba();

    void endlessInputIsRefused();
    void csvRecords();
    void csvNumberCells();
    void invalidUtf8IsRepaired_data();
    void invalidUtf8IsRepaired();
    void printableText_data();
    void printableText();
    void ecbReferenceRates();
    void ecbRefusesWhatItCannotTrust_data();
    void ecbRefusesWhatItCannotTrust();
};

// ---------------------------------------------------------------------------------------------------------------

namespace {

/// An input that never ends (like /dev/zero, or a FIFO fed forever), counting what was read from it.
class EndlessBuf : public std::streambuf
{
public:
    explicit EndlessBuf(char fill)
        : m_block(1 << 16, fill)
    { }
    std::size_t served = 0;

protected:
    int_type underflow() override
    {
        setg(m_block.data(), m_block.data(), m_block.data() + m_block.size());
        served += m_block.size();
        return traits_type::to_int_type(m_block[0]);
    }

private:
    std::string m_block;
};

} // namespace

// A format read whole stops reading once the input passes maxWholeFileBytes (32 MiB), says so with the file name, and
// so never allocates without bound; before, /dev/zero was read until allocation failed.
void TestImporters::endlessInputIsRefused()
{
    for (const auto& f : importers::formats()) {
        EndlessBuf buf(' '); // the AWS offer CSV streams: for it, one endless line
        std::istream in(&buf);
        importers::ImportRequest r;
        r.fileName = "endless.txt";
        r.provider = "lambda";
        r.asOf = "2026-11-30";
        const std::vector<core::Offering> base;
        r.base = &base;
        auto result = f.read(in, r);
        QVERIFY2(!result, f.id.c_str());
        QCOMPARE(result.error().code, core::ErrorCode::LimitExceeded);
        if (f.id == "aws") {
            QVERIFY2(result.error().detail
                    == "endless.txt:1: a record longer than 1024 KiB (not a CSV file, or a quote "
                       "that is never closed)",
                result.error().detail.c_str());
            QVERIFY(buf.served <= core::maxCsvRecordBytes + 2 * (1u << 16));
        } else {
            // YAML is held as a node tree of ~40 bytes per byte: its limit is 12 MiB (registry.cpp)
            const bool yaml = f.id == "gcp-pricing";
            const std::string limit = yaml ? "12" : "32";
            QVERIFY2(result.error().detail.find("endless.txt: larger than " + limit + " MiB") == 0,
                result.error().detail.c_str());
            // It read at most one 64 KiB block past the limit.
            QVERIFY(buf.served <= (yaml ? 12u * 1024 * 1024 : importers::maxWholeFileBytes) + 2 * (1u << 16));
        }
    }
}

// RFC 4180 records, read from text and from a stream in 64 KiB blocks: doubled quotes, a quote inside an unquoted
// field (kept as text), a comma and a line break inside quotes, CRLF, a BOM, blank lines skipped, and a line longer
// than one block. Expected fields written out by hand from the input.
// One reading of a number in a table cell (accuracy CSVs, AIPerf exports, command-line percentages): the whole
// text, in the C locale whatever the process's, finite.
void TestImporters::csvNumberCells()
{
    QCOMPARE(core::parseNumberCell("2.5").value_or(-1), 2.5);
    QCOMPARE(core::parseNumberCell(" +1e3").value_or(-1), 1000.0);
    QCOMPARE(core::parseNumberCell("-0.25").value_or(0), -0.25);
    for (const char* bad : {"", " ", "12 GB", "1,5", "nan", "inf", "0x10", "1.5.2", "--1"})
        QVERIFY2(!core::parseNumberCell(bad), bad);
}

void TestImporters::csvRecords()
{
    const std::string longField(200000, 'x');
    const std::string text = "\xEF\xBB\xBF"
                             "a,\"b \"\"q\"\", y\",c\"d\r\n"
                             "\r\n"
                             "\"multi\nline\",,\"\"\n"
        + longField + ",end\n" + "\"open";
    const std::vector<std::vector<std::string>> expected = {
        {"a", "b \"q\", y", "c\"d"},
        {"multi\nline", "", ""},
        {longField, "end"},
        {"open"},
    };
    const std::vector<std::size_t> lines = {1, 3, 5, 6};
    for (bool stream : {false, true}) {
        std::istringstream in(text);
        auto source = stream ? core::LineSource(in) : core::LineSource(text);
        core::CsvReader reader(source);
        std::vector<std::string> fields;
        for (std::size_t r = 0; r < expected.size(); ++r) {
            QVERIFY2(reader.next(fields), std::to_string(r).c_str());
            QCOMPARE(fields.size(), expected[r].size());
            for (std::size_t f = 0; f < fields.size(); ++f)
                QVERIFY2(fields[f] == expected[r][f], (std::to_string(r) + ":" + std::to_string(f)).c_str());
            QCOMPARE(reader.line(), lines[r]);
        }
        QVERIFY(reader.unterminated()); // the last record ends inside its quotes
        QVERIFY(!reader.next(fields));
        QVERIFY(!reader.overlong());
    }
}

void TestImporters::invalidUtf8IsRepaired_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QByteArray>("repaired");
    // RFC 3629 and Unicode 15 §3.9, Table 3-7 (well-formed byte sequences); U+FFFD is EF BF BD.
    QTest::addRow("ASCII") << QByteArray("p5.48xlarge") << true << QByteArray("p5.48xlarge");
    QTest::addRow("Chinese") << QByteArray("\xE5\x8C\x97\xE4\xBA\xAC") << true
                             << QByteArray("\xE5\x8C\x97\xE4\xBA\xAC");
    QTest::addRow("4-byte") << QByteArray("\xF0\x9F\x98\x80") << true << QByteArray("\xF0\x9F\x98\x80");
    QTest::addRow("Latin-1 e acute") << QByteArray("caf\xE9") << false << QByteArray("caf\xEF\xBF\xBD");
    QTest::addRow("overlong slash") << QByteArray("a\xC0\xAF"
                                                  "b")
                                    << false
                                    << QByteArray("a\xEF\xBF\xBD\xEF\xBF\xBD"
                                                  "b");
    QTest::addRow("surrogate") << QByteArray("\xED\xA0\x80") << false
                               << QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
    QTest::addRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << false
                                    << QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
    QTest::addRow("cut short") << QByteArray("x\xE5\x8C") << false << QByteArray("x\xEF\xBF\xBD");
}

// An instance name with invalid UTF-8 in a SkyPilot CSV once went into the store and aborted every JSON output
// (nlohmann type_error 316), `batch` included. Now it is repaired at import with a warning naming the row.
void TestImporters::invalidUtf8IsRepaired()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, valid);
    QFETCH(QByteArray, repaired);
    const std::string s(bytes.constData(), std::size_t(bytes.size()));
    QCOMPARE(core::isValidUtf8(s), valid);
    const std::string r = core::repairUtf8(s);
    QCOMPARE(QByteArray(r.data(), qsizetype(r.size())), repaired);
    QVERIFY(core::isValidUtf8(r));

    const std::string csv
        = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
          "gpu_1x_"
        + s + ",H100,1.0,26.0,200.0,3.29,us-east-1,,\n";
    std::istringstream in(csv);
    importers::ImportRequest req;
    req.fileName = "vms.csv";
    req.provider = "lambda";
    req.asOf = "2026-11-30";
    auto imported = importers::findFormat("skypilot")->read(in, req);
    QVERIFY2(imported, imported ? "" : imported.error().detail.c_str());
    QCOMPARE(imported->offerings.size(), std::size_t(1));
    QVERIFY(core::isValidUtf8(imported->offerings[0].instanceType));
    QCOMPARE(qs(imported->offerings[0].instanceType), qs("gpu_1x_" + r));
    const bool warned = std::any_of(imported->warnings.begin(), imported->warnings.end(),
        [](const std::string& w) { return w.find("not valid UTF-8") != std::string::npos; });
    QCOMPARE(warned, !valid);
}

void TestImporters::canonicalGpuId_data()
{
    QTest::addColumn<QString>("raw");
    QTest::addColumn<double>("memoryGiB");
    QTest::addColumn<QString>("expected");
    // the brief's table (SkyPilot accelerator names), memory unknown
    QTest::addRow("A100-80GB") << "A100-80GB" << 0.0 << "A100-SXM-80GB";
    QTest::addRow("A100 is the 40 GB part") << "A100" << 0.0 << "A100-SXM-40GB";
    QTest::addRow("H100") << "H100" << 0.0 << "H100-SXM-80GB";
    QTest::addRow("H100-MEGA") << "H100-MEGA" << 0.0 << "H100-SXM-80GB";
    QTest::addRow("V100-32GB") << "V100-32GB" << 0.0 << "V100-SXM2-32GB";
    QTest::addRow("L4") << "L4" << 0.0 << "L4";
    QTest::addRow("A10G") << "A10G" << 0.0 << "A10G";
    QTest::addRow("T4") << "T4" << 0.0 << "T4";
    QTest::addRow("L40S") << "L40S" << 0.0 << "L40S";
    QTest::addRow("H200") << "H200" << 0.0 << "H200-SXM-141GB";
    QTest::addRow("B200") << "B200" << 0.0 << "B200";
    QTest::addRow("MI300X") << "MI300X" << 0.0 << "MI300X";
    // memory decides
    QTest::addRow("A100 with 80 GiB") << "A100" << 80.0 << "A100-SXM-80GB";
    QTest::addRow("A100 with 40 GiB") << "A100" << 40.0 << "A100-SXM-40GB";
    QTest::addRow("V100 16 GiB stays raw") << "V100" << 16.0 << "V100";
    QTest::addRow("V100 unknown memory stays raw") << "V100" << 0.0 << "V100";
    QTest::addRow("V100 with 32 GiB") << "V100" << 32.0 << "V100-SXM2-32GB";
    QTest::addRow("H100 NVL 94 GB stays raw") << "H100" << 93.58 << "H100";
    QTest::addRow("H100 with 80 GiB") << "H100" << 80.0 << "H100-SXM-80GB";
    // spelling
    QTest::addRow("lower case, vendor prefix") << "nvidia a100 pcie" << 0.0 << "A100-PCIe-80GB";
    QTest::addRow("Tesla T4") << "Tesla T4" << 0.0 << "T4";
    QTest::addRow("A100-80GB-PCIe") << "A100-80GB-PCIe" << 80.0 << "A100-PCIe-80GB";
    QTest::addRow("H100-PCIe") << "H100-PCIe" << 0.0 << "H100-PCIe-80GB";
    QTest::addRow("unknown kept as is") << "RTX5090" << 31.8 << "RTX5090";
    QTest::addRow("TPU kept as is") << "tpu-v6e-8" << 0.0 << "tpu-v6e-8";
}

void TestImporters::canonicalGpuId()
{
    QFETCH(QString, raw);
    QFETCH(double, memoryGiB);
    QFETCH(QString, expected);
    QCOMPARE(qs(importers::canonicalGpuId(raw.toStdString(), memoryGiB)), expected);
}

// ---------------------------------------------------------------------------------------------------------------
// SkyPilot

void TestImporters::skyPilotAws_data()
{
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("zone");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("gpuModel");
    QTest::addColumn<double>("gpuCount");
    QTest::addColumn<double>("gpuMemoryGiB"); // SizeInMiB / 1024
    QTest::addColumn<double>("onDemand");     // USD/h, -1 = none
    QTest::addColumn<double>("spot");         // USD/h, -1 = none
    // skypilot/aws_reordered_crlf.csv: columns reordered (Region first), CRLF line ends
    QTest::addRow("g4dn.xlarge euc1-az3") << "eu-central-1"
                                          << "euc1-az3"
                                          << "g4dn.xlarge"
                                          << "T4" << 1.0 << 16.0 << 0.658 << 0.2737; // 16384/1024
    QTest::addRow("p4d us-east-1") << "us-east-1"
                                   << "use1-az1"
                                   << "p4d.24xlarge"
                                   << "A100-SXM-40GB" << 8.0 << 40.0 << 21.957642 << 2.4655; // 40960/1024
    QTest::addRow("p4d us-east-2 rounds differently") << "us-east-2"
                                                      << "use2-az1"
                                                      << "p4d.24xlarge"
                                                      << "A100-SXM-40GB" << 8.0 << 40.0 << 21.95764 << 6.0374;
    QTest::addRow("p3dn V100-32GB") << "us-east-1"
                                    << "use1-az6"
                                    << "p3dn.24xlarge"
                                    << "V100-SXM2-32GB" << 8.0 << 32.0 << 31.212 << 6.2567; // 32768/1024
    QTest::addRow("p4de A100-80GB") << "ap-northeast-1"
                                    << "apne1-az1"
                                    << "p4de.24xlarge"
                                    << "A100-SXM-80GB" << 8.0 << 80.0 << 37.6223 << 15.9785; // 81920/1024
    QTest::addRow("p5 H100") << "ap-northeast-1"
                             << "apne1-az4"
                             << "p5.48xlarge"
                             << "H100-SXM-80GB" << 8.0 << 80.0 << 68.8 << 23.1449;
    QTest::addRow("p5e empty Price") << "us-east-2"
                                     << "use2-az1"
                                     << "p5e.48xlarge"
                                     << "H200-SXM-141GB" << 8.0 << 141.0 << -1.0 << 62.9957; // 144384/1024
    QTest::addRow("p5e no prices at all") << "us-east-2"
                                          << "use2-az2"
                                          << "p5e.48xlarge"
                                          << "H200-SXM-141GB" << 8.0 << 141.0 << -1.0 << -1.0;
    QTest::addRow("g5.12xlarge after a short row") << "ap-east-1"
                                                   << "ape1-az2"
                                                   << "g5.12xlarge"
                                                   << "A10G" << 4.0 << 22.3515625 << 8.7324 << 5.6978; // 22888/1024
}

void TestImporters::skyPilotAws()
{
    QFETCH(QString, region);
    QFETCH(QString, zone);
    QFETCH(QString, type);
    QFETCH(QString, gpuModel);
    QFETCH(double, gpuCount);
    QFETCH(double, gpuMemoryGiB);
    QFETCH(double, onDemand);
    QFETCH(double, spot);
    auto r = skyPilot("aws_reordered_crlf.csv", "aws");
    REQUIRE_OK(r);
    // 15 data rows − 4 broken ones (skyPilotAwsWarnings) − the Local Zone row = 10 AZ rows in 8 type × region pairs:
    // 8 regional on-demand offerings less p5e us-east-2 (no on-demand, spot in one AZ) = 7, and 9 AZs with a spot
    // price (p5e use2-az2 has none) = 16.
    QCOMPARE(r->offerings.size(), std::size_t(16));
    // The on-demand price is regional (no zone), the spot price zonal (and nothing else there).
    const auto* regional = findOffering(r->offerings, region.toStdString(), "", type.toStdString());
    const auto* zonal = findOffering(r->offerings, region.toStdString(), zone.toStdString(), type.toStdString());
    if (onDemand < 0)
        QVERIFY(!regional);
    else
        QVERIFY(regional && hourly(*regional, PricingModel::OnDemand) == onDemand && regional->prices.size() == 1);
    if (spot < 0)
        QVERIFY(!zonal);
    else
        QVERIFY(zonal && hourly(*zonal, PricingModel::Spot) == spot && zonal->prices.size() == 1);
    for (const auto* o : {regional, zonal}) {
        if (!o)
            continue;
        QCOMPARE(qs(o->provider), QStringLiteral("aws"));
        QCOMPARE(qs(o->gpuModel), gpuModel);
        QCOMPARE(qs(o->gpuVendor), QStringLiteral("nvidia")); // GpuInfo 'Manufacturer': 'NVIDIA'
        QCOMPARE(o->gpuCount, gpuCount);
        QCOMPARE(o->gpuMemoryGiB, gpuMemoryGiB);
        QCOMPARE(qs(o->arch), QStringLiteral("x86_64"));
        for (const auto& p : o->prices) {
            QCOMPARE(qs(p.currency), QStringLiteral("USD"));
            QCOMPARE(qs(p.asOf), QStringLiteral("2026-11-30"));
            QCOMPARE(qs(p.source), QStringLiteral("skypilot-catalog v8"));
            QVERIFY(!p.origValue.empty());
        }
    }
}

void TestImporters::skyPilotAwsWarnings()
{
    auto r = skyPilot("aws_reordered_crlf.csv", "aws");
    REQUIRE_OK(r);
    // rows 10-13 of the fixture are broken copies of real rows (README.md)
    const QStringList expected = list({
        "aws_reordered_crlf.csv:row 10:column Price: must be zero or positive, got -3 (row skipped)",
        "aws_reordered_crlf.csv:row 11:column SpotPrice: must be a finite number, got NaN (row skipped)",
        "aws_reordered_crlf.csv:row 12:column SpotPrice: must be a number, got \"n/a\" (row skipped)",
        "aws_reordered_crlf.csv:row 13: has 4 fields, the header has 11 (row skipped)",
        "aws_reordered_crlf.csv:row 16:column AvailabilityZone: \"usw2-lax1-az1\" is a Local Zone, priced apart from "
        "us-west-2 by AWS; the row repeats the region's price (row left out)",
    });
    QCOMPARE(toList(r->warnings), expected);
    QVERIFY(!findOffering(r->offerings, "us-west-2", "", "g4dn.xlarge")); // only the Local Zone had it
    // Two AZs of eu-central-1 at the same on-demand price: one regional offering, two zonal spot ones.
    QCOMPARE(
        hourly(*findOffering(r->offerings, "eu-central-1", "euc1-az1", "g4dn.xlarge"), PricingModel::Spot), 0.2674);
    QCOMPARE(std::count_if(r->offerings.begin(), r->offerings.end(),
                 [](const auto& o) { return o.region == "eu-central-1" && o.zone.empty(); }),
        1L);
    // the broken rows left nothing behind: us-east-1 has only the use1-az1 p4d
    QVERIFY(!findOffering(r->offerings, "us-east-1", "use1-az2", "p4d.24xlarge"));
    QVERIFY(!findOffering(r->offerings, "us-east-1", "use1-az4", "p4d.24xlarge"));
    QVERIFY(!findOffering(r->offerings, "ap-east-1", "ape1-az1", "g5.12xlarge"));
}

void TestImporters::skyPilotGcpSplitRows_data()
{
    QTest::addColumn<QString>("zone");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("gpuModel");
    QTest::addColumn<double>("gpuCount");
    QTest::addColumn<double>("vcpus");
    QTest::addColumn<double>("memoryGiB");
    QTest::addColumn<double>("onDemand"); // -1 = none
    QTest::addColumn<double>("spot");
    // skypilot/gcp_split.csv: machine row (CPU + RAM) + accelerator row of the same zone
    QTest::addRow("a2-highgpu-1g") << "us-central1-a"
                                   << "a2-highgpu-1g"
                                   << "A100-SXM-40GB" << 1.0 << 12.0 << 85.0
                                   << 3.67339  // 0.73948 + 2.93391 (catalogs/README.md gives the same sum)
                                   << 1.80385; // 0.36975 + 1.4341
    QTest::addRow("a2-highgpu-8g") << "us-central1-a"
                                   << "a2-highgpu-8g"
                                   << "A100-SXM-40GB" << 8.0 << 96.0 << 680.0
                                   << 29.38708 // 5.91582 + 23.47126 (= the Billing API parts, see gcpMachines)
                                   << 14.4308; // 2.958 + 11.4728
    QTest::addRow("a3-highgpu-1g") << "us-central1-a"
                                   << "a3-highgpu-1g"
                                   << "H100-SXM-80GB" << 1.0 << 26.0 << 234.0 << 5.38327 // 1.18251 + 4.20076
                                   << 3.35377;                                           // 0.36117 + 2.9926
    QTest::addRow("a2-ultragpu-1g") << "us-east5-a"
                                    << "a2-ultragpu-1g"
                                    << "A100-SXM-80GB" << 1.0 << 12.0 << 170.0 << 5.52382 // 1.09962 + 4.4242
                                    << 1.64753;                                           // 0.31193 + 1.3356
    QTest::addRow("TPU on its own") << "us-central1-a"
                                    << "tpu-v6e-1"
                                    << "tpu-v6e-1" << 1.0 << 0.0 << 0.0 << 2.7 << 0.54421;
    QTest::addRow("TPU 700.0 means no price") << "asia-east1-c"
                                              << "tpu-v6e-1"
                                              << "tpu-v6e-1" << 1.0 << 0.0 << 0.0 << -1.0 << -1.0;
    QTest::addRow("TPU with on-demand only") << "southamerica-west1-a"
                                             << "tpu-v6e-1"
                                             << "tpu-v6e-1" << 1.0 << 0.0 << 0.0 << 2.7 << -1.0;
}

void TestImporters::skyPilotGcpSplitRows()
{
    QFETCH(QString, zone);
    QFETCH(QString, type);
    QFETCH(QString, gpuModel);
    QFETCH(double, gpuCount);
    QFETCH(double, vcpus);
    QFETCH(double, memoryGiB);
    QFETCH(double, onDemand);
    QFETCH(double, spot);
    auto r = skyPilot("gcp_split.csv", "gcp");
    REQUIRE_OK(r);
    // 4 assembled machines + tpu-v6e-1 in 3 zones + tpu-v6e-8 once (its repeat is skipped)
    QCOMPARE(r->offerings.size(), std::size_t(8));
    const std::string z = zone.toStdString();
    const auto* o = findOffering(r->offerings, z.substr(0, z.rfind('-')), z, type.toStdString());
    QVERIFY(o);
    QCOMPARE(qs(o->gpuModel), gpuModel);
    QCOMPARE(o->gpuCount, gpuCount);
    QCOMPARE(o->vcpus, vcpus);
    QCOMPARE(o->memoryGiB, memoryGiB);
    QCOMPARE(hourly(*o, PricingModel::OnDemand), onDemand);
    QCOMPARE(hourly(*o, PricingModel::Spot), spot);
    if (type.startsWith(QLatin1String("tpu")))
        QCOMPARE(qs(o->gpuVendor), QStringLiteral("google"));
}

void TestImporters::skyPilotGcpWarnings()
{
    auto r = skyPilot("gcp_split.csv", "gcp");
    REQUIRE_OK(r);
    const QStringList expected = list({
        // rows 16 and 17 are the same real row twice (upstream has this duplicate too)
        "gcp_split.csv:row 17: tpu-v6e-8 in us-central2/us-central2-b repeats row 16 (row skipped)",
        "gcp_split.csv:row 11: accelerator-only row (A100 x1) in us-west3-b has no a2-highgpu-1g row for the same "
        "zone, price not assembled (row skipped)",
        "gcp_split.csv:row 12: accelerator-only row (B200 x8) in asia-northeast1-b has no a4-highgpu-8g row for the "
        "same zone, price not assembled (row skipped)",
    });
    QCOMPARE(toList(r->warnings), expected);
    // n1-highmem-8 has no accelerator and hosts none: skipped silently
    QVERIFY(!findOffering(r->offerings, "us-central2", "us-central2-b", "n1-highmem-8"));
}

void TestImporters::skyPilotQuirks_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("zone");
    QTest::addColumn<QString>("gpuModel");
    QTest::addColumn<double>("gpuCount");
    QTest::addColumn<double>("gpuMemoryGiB");
    QTest::addColumn<QString>("country");
    QTest::addColumn<double>("onDemand"); // -1 = none
    QTest::addColumn<double>("spot");
    // Vast (CRLF, quoted "City, CC, Continent" regions, SpotPrice 0.00 = none, SizeInMiB = total of all GPUs)
    QTest::addRow("vast 1x H200") << "vast_crlf.csv"
                                  << "vast"
                                  << "1x-H200-32-65536"
                                  << "France, FR, EU"
                                  << ""
                                  << "H200-SXM-141GB" << 1.0 << 140.4013671875 // 143771/1024
                                  << "FR" << 2.65 << -1.0;
    QTest::addRow("vast 2x H200") << "vast_crlf.csv"
                                  << "vast"
                                  << "2x-H200-32-65536"
                                  << "Michigan, US, NA"
                                  << ""
                                  << "H200-SXM-141GB" << 2.0 << 140.4013671875 // 287542/2/1024
                                  << "US" << 5.18 << -1.0;
    QTest::addRow("vast 4x H200, no city") << "vast_crlf.csv"
                                           << "vast"
                                           << "4x-H200-32-65536"
                                           << "US, NA" // ", US, NA" in the file: the empty place dropped
                                           << ""
                                           << "H200-SXM-141GB" << 4.0 << 140.4013671875 // 575084/4/1024
                                           << "US" << 10.59 << -1.0;
    QTest::addRow("vast UTF-8 city") << "vast_crlf.csv"
                                     << "vast"
                                     << "2x-RTX_5090-32-65536" << QString::fromUtf8("Hafnarfjarðarkaupstaður, IS, EU")
                                     << ""
                                     << "RTX5090" << 2.0 << 31.8427734375 // 65214/2/1024
                                     << "IS" << 0.93 << -1.0;
    QTest::addRow("vast H100 NVL stays raw") << "vast_crlf.csv"
                                             << "vast"
                                             << "1x-H100_NVL-32-65536"
                                             << "Bulgaria, BG, EU"
                                             << ""
                                             << "H100" << 1.0 << 93.583984375 // 95830/1024 > 85: not the SXM part
                                             << "BG" << 2.08 << -1.0;
    QTest::addRow("vast 48 GB RTX 4090") << "vast_crlf.csv"
                                         << "vast"
                                         << "1x-RTX_4090-32-65536"
                                         << "Hong Kong, HK, AS"
                                         << ""
                                         << "RTX4090" << 1.0 << 47.98828125 // 49140/1024
                                         << "HK" << 0.40 << -1.0;
    // RunPod (LF, SizeInMiB holds GB, GpuInfo names the PCIe part, Region is a country)
    QTest::addRow("runpod 1x A100 PCIe") << "runpod_lf.csv"
                                         << "runpod"
                                         << "1x_A100-80GB_SECURE"
                                         << "IN"
                                         << "AP-IN-1"
                                         << "A100-PCIe-80GB" << 1.0 << 80.0 << "IN" << 1.39 << 1.39;
    QTest::addRow("runpod 2x A100 PCIe") << "runpod_lf.csv"
                                         << "runpod"
                                         << "2x_A100-80GB_SECURE"
                                         << "JP"
                                         << "AP-JP-1"
                                         << "A100-PCIe-80GB" << 2.0 << 80.0 << "JP" << 2.78 << 2.78;
    // Lambda (CRLF, no zone column, the instance name says PCIe, TotalGpuMemoryInMiB = per-GPU size)
    QTest::addRow("lambda H100 PCIe") << "lambda_crlf.csv"
                                      << "lambda"
                                      << "gpu_1x_h100_pcie"
                                      << "europe-central-1"
                                      << ""
                                      << "H100-PCIe-80GB" << 1.0 << 80.0 << "" << 3.29 << -1.0;
    QTest::addRow("lambda 16 GB V100 stays raw") << "lambda_crlf.csv"
                                                 << "lambda"
                                                 << "gpu_8x_v100_n"
                                                 << "europe-central-1"
                                                 << ""
                                                 << "V100" << 8.0 << 16.0 << "" << 6.32 << -1.0;
    // Azure (GpuInfo is just the name, so no memory)
    QTest::addRow("azure A100 v4") << "azure_lf.csv"
                                   << "azure"
                                   << "Standard_NC24ads_A100_v4"
                                   << "eastus"
                                   << ""
                                   << "A100-SXM-80GB" << 1.0 << 0.0 << "" << 3.673 << 0.444433;
    QTest::addRow("azure ND H100 v5 corrected to 8") << "azure_lf.csv"
                                                     << "azure"
                                                     << "Standard_ND96isr_H100_v5"
                                                     << "eastus"
                                                     << ""
                                                     << "H100-SXM-80GB" << 8.0 << 0.0 << "" << 98.32 << 98.32;
}

void TestImporters::skyPilotQuirks()
{
    QFETCH(QString, file);
    QFETCH(QString, provider);
    QFETCH(QString, type);
    QFETCH(QString, region);
    QFETCH(QString, zone);
    QFETCH(QString, gpuModel);
    QFETCH(double, gpuCount);
    QFETCH(double, gpuMemoryGiB);
    QFETCH(QString, country);
    QFETCH(double, onDemand);
    QFETCH(double, spot);
    auto r = skyPilot(file.toStdString(), provider.toStdString());
    REQUIRE_OK(r);
    const auto* o = findOffering(r->offerings, region.toStdString(), zone.toStdString(), type.toStdString());
    QVERIFY(o);
    QCOMPARE(qs(o->gpuModel), gpuModel);
    QCOMPARE(o->gpuCount, gpuCount);
    QCOMPARE(o->gpuMemoryGiB, gpuMemoryGiB);
    QCOMPARE(qs(o->country), country);
    QCOMPARE(hourly(*o, PricingModel::OnDemand), onDemand);
    QCOMPARE(hourly(*o, PricingModel::Spot), spot);
}

void TestImporters::skyPilotSkipsAndErrata()
{
    auto lambda = skyPilot("lambda_crlf.csv", "lambda");
    REQUIRE_OK(lambda);
    // cpu_4x_generalx has no accelerator: skipped silently; the last row ends inside its quoted GpuInfo
    QCOMPARE(lambda->offerings.size(), std::size_t(2));
    QCOMPARE(toList(lambda->warnings), list({"lambda_crlf.csv:row 5: a quoted field is not closed (row skipped)"}));

    auto azure = skyPilot("azure_lf.csv", "azure");
    REQUIRE_OK(azure);
    // Standard_NC16ads_A10_v4 has no accelerator mapping upstream: skipped silently
    QCOMPARE(azure->offerings.size(), std::size_t(3));
    QCOMPARE(toList(azure->warnings),
        list({"azure_lf.csv:row 3:column AcceleratorCount: Standard_ND96isr_H100_v5 listed with 12 GPUs, "
              "corrected to 8: the ND H100 v5 VM has 8 H100 GPUs "
              "(learn.microsoft.com/azure/virtual-machines/nd-h100-v5-series)"}));

    auto vast = skyPilot("vast_crlf.csv", "vast");
    REQUIRE_OK(vast);
    QCOMPARE(vast->offerings.size(), std::size_t(6));
    QVERIFY(vast->warnings.empty());
}

void TestImporters::skyPilotBadFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("asOf");
    QTest::addColumn<QString>("expected"); // the error starts with this
    QTest::addRow("empty file") << ""
                                << "2026-11-30"
                                << "x.csv: empty file, expected a CSV header";
    QTest::addRow("blank lines only") << "\r\n\r\n"
                                      << "2026-11-30"
                                      << "x.csv: empty file, expected a CSV header";
    QTest::addRow("missing Price column") << qs(fixture("skypilot/azure_missing_price.csv")) << "2026-11-30"
                                          << "x.csv:row 1: missing column \"Price\"";
    QTest::addRow("missing Region column") << "InstanceType,AcceleratorName,AcceleratorCount,Price\n"
                                              "g4dn.xlarge,T4,1.0,0.658\n"
                                           << "2026-11-30"
                                           << "x.csv:row 1: missing column \"Region\"";
    QTest::addRow("JSON, not CSV") << qs(fixture("azure/retail_page2_last.json")) << "2026-11-30"
                                   << "x.csv:row 1: missing column \"InstanceType\"";
    QTest::addRow("no as_of") << qs(fixture("skypilot/vast_crlf.csv")) << ""
                              << "x.csv: as_of must be an ISO 8601 date (SkyPilot catalogs carry none), got \"\"";
    QTest::addRow("as_of not a date") << qs(fixture("skypilot/vast_crlf.csv")) << "30.11.2026"
                                      << "x.csv: as_of must be an ISO 8601 date";
}

void TestImporters::skyPilotBadFile()
{
    QFETCH(QString, text);
    QFETCH(QString, asOf);
    QFETCH(QString, expected);
    auto r = importers::importSkyPilotCsv(text.toStdString(), "x.csv", "aws", asOf.toStdString(), "s");
    QVERIFY2(!r, "accepted a bad file");
    QVERIFY2(startsWith(r.error().detail, expected.toStdString()), r.error().detail.c_str());
}

// ---------------------------------------------------------------------------------------------------------------
// AWS Price List CSV

void TestImporters::awsCsvDefaultFilter()
{
    // streamed from an istream, as a multi-GB file would be
    std::istringstream in(fixture("aws_offer_csv/gpu_linux_crlf.csv"));
    auto r = importers::importAwsOfferCsv(in, "gpu_linux_crlf.csv", "2026-11-30", "aws-price-list fixture");
    REQUIRE_OK(r);
    // kept: g4dn eu-central-1, p4d us-east-1/us-east-2, p5 ap-northeast-1, g5.12xlarge; filtered: c4.large (no GPU),
    // the Windows p4d, the Dedicated SUSE UnusedCapacityReservation g5.48xlarge; p5 us-east-1 lost its only price
    QCOMPARE(r->offerings.size(), std::size_t(5));
    QCOMPARE(toList(r->warnings),
        list({"gpu_linux_crlf.csv:row 8:column PricePerUnit: must be zero or positive, got -3 (price skipped)"}));
    struct Row
    {
        const char* region;
        const char* type;
        const char* gpuModel;
        double gpus, gpuMemoryGiB, vcpus, memoryGiB, onDemand;
    };
    const Row rows[] = {
        {"eu-central-1", "g4dn.xlarge", "T4", 1, 16, 4, 16, 0.658}, // GPU Memory NA: T4's 16 GB
        {"us-east-1", "p4d.24xlarge", "A100-SXM-40GB", 8, 40, 96, 1152, 21.957642},
        {"us-east-2", "p4d.24xlarge", "A100-SXM-40GB", 8, 40, 96, 1152, 21.95764},
        {"ap-northeast-1", "p5.48xlarge", "H100-SXM-80GB", 8, 80, 192, 2048, 68.8},
        {"ap-east-1", "g5.12xlarge", "A10G", 4, 24, 48, 192, 8.7324}, // "96 GB" / 4 GPUs
    };
    for (const auto& row : rows) {
        const auto* o = findOffering(r->offerings, row.region, "", row.type);
        QVERIFY2(o, row.type);
        QCOMPARE(qs(o->provider), QStringLiteral("aws"));
        QCOMPARE(qs(o->gpuModel), QString::fromUtf8(row.gpuModel));
        QCOMPARE(o->gpuCount, row.gpus);
        QCOMPARE(o->gpuMemoryGiB, row.gpuMemoryGiB);
        QCOMPARE(o->vcpus, row.vcpus);
        QCOMPARE(o->memoryGiB, row.memoryGiB);
        QCOMPARE(o->prices.size(), std::size_t(1));
        const auto& p = o->prices.front();
        QVERIFY(p.pricingModel == PricingModel::OnDemand);
        QCOMPARE(p.hourlyRate, row.onDemand);
        QCOMPARE(qs(p.currency), QStringLiteral("USD"));
        QCOMPARE(qs(p.asOf), QStringLiteral("2026-11-30")); // the file has no Publication Date
        QCOMPARE(qs(p.source), QStringLiteral("aws-price-list fixture"));
    }
}

void TestImporters::awsCsvReserved_data()
{
    QTest::addColumn<PricingModel>("model");
    QTest::addColumn<int>("termMonths");
    QTest::addColumn<PaymentOption>("payment");
    QTest::addColumn<QString>("offeringClass");
    QTest::addColumn<double>("hourlyRate");
    QTest::addColumn<double>("upfrontFee");
    QTest::addColumn<double>("effectiveHourly"); // hourly + upfront / (months · 730)
    // aws_offer_csv/c6i_reserved_excerpt.csv: real rows of c6i.large, ap-northeast-1, Windows + SQL Web, Dedicated
    QTest::addRow("on-demand") << PricingModel::OnDemand << 0 << PaymentOption::None << "" << 0.2773 << 0.0 << 0.2773;
    QTest::addRow("3yr partial standard") << PricingModel::Reserved << 36 << PaymentOption::PartialUpfront << "standard"
                                          << 0.10463 << 2750.0 << 0.2092723135; // 0.10463 + 2750 / 26280
    QTest::addRow("1yr no upfront standard")
        << PricingModel::Reserved << 12 << PaymentOption::NoUpfront << "standard" << 0.23722 << 0.0 << 0.23722;
    QTest::addRow("1yr all upfront standard") << PricingModel::Reserved << 12 << PaymentOption::AllUpfront << "standard"
                                              << 0.0 << 2033.0 << 0.2320776256; // 2033 / (12·730)
    QTest::addRow("3yr all upfront, fee row first") << PricingModel::Reserved << 36 << PaymentOption::AllUpfront
                                                    << "standard" << 0.0 << 5421.0 << 0.2062785388; // 5421 / (36·730)
}

void TestImporters::awsCsvReserved()
{
    QFETCH(PricingModel, model);
    QFETCH(int, termMonths);
    QFETCH(PaymentOption, payment);
    QFETCH(QString, offeringClass);
    QFETCH(double, hourlyRate);
    QFETCH(double, upfrontFee);
    QFETCH(double, effectiveHourly);
    std::istringstream in(fixture("aws_offer_csv/c6i_reserved_excerpt.csv"));
    importers::AwsOfferFilter filter;
    filter.operatingSystem = "Windows";
    filter.tenancy = "Dedicated";
    filter.preInstalledSw = "SQL Web";
    filter.gpuOnly = false;
    auto r = importers::importAwsOfferCsv(in, "c6i.csv", "", "aws fixture", filter);
    REQUIRE_OK(r);
    QCOMPARE(r->offerings.size(), std::size_t(1)); // RHEL c5d.2xlarge and the SUSE g5.48xlarge are filtered out
    const auto& o = r->offerings.front();
    QCOMPARE(qs(o.instanceType), QStringLiteral("c6i.large"));
    QCOMPARE(qs(o.region), QStringLiteral("ap-northeast-1"));
    QCOMPARE(o.gpuCount, 0.0);
    QCOMPARE(o.vcpus, 2.0);
    QCOMPARE(o.memoryGiB, 4.0);
    QCOMPARE(qs(o.sourceVersion), QStringLiteral("20250912225308"));
    QCOMPARE(o.prices.size(), std::size_t(5)); // 3 reserved terms of the fixture are broken
    const auto* p = findPrice(o, model, termMonths, payment, offeringClass.toStdString());
    QVERIFY(p);
    QCOMPARE(p->hourlyRate, hourlyRate);
    QCOMPARE(p->upfrontFee, upfrontFee);
    GP_COMPARE_REL(p->effectiveHourly(), effectiveHourly, 1e-9);
    QCOMPARE(qs(p->asOf), QStringLiteral("2025-09-12T22:53:08Z")); // the file's Publication Date
    QCOMPARE(qs(p->source), QStringLiteral("aws fixture version 20250912225308"));
}

void TestImporters::awsCsvReservedWarnings()
{
    importers::AwsOfferFilter filter;
    filter.operatingSystem = "Windows";
    filter.tenancy = "Dedicated";
    filter.preInstalledSw = "SQL Web";
    filter.gpuOnly = false;
    std::istringstream in(fixture("aws_offer_csv/c6i_reserved_excerpt.csv"));
    auto r = importers::importAwsOfferCsv(in, "c6i.csv", "", "aws fixture", filter);
    REQUIRE_OK(r);
    const QStringList expected = list({
        "c6i.csv:row 14:column PricePerUnit: must be a finite number, got NaN (price skipped)",
        "c6i.csv:row 15:column PricePerUnit: must be zero or positive, got -3 (price skipped)",
        "c6i.csv:row 16: has 6 fields, the header has 32 (row skipped)",
        // CUZHX8X6JH's upfront fee row (real: 1072) was left out of the fixture
        "c6i.csv:row 13: reserved 1yr partial_upfront convertible term CUZHX8X6JH has no upfront fee (Unit Quantity) "
        "row (price skipped)",
    });
    QCOMPARE(toList(r->warnings), expected);

    // the default filter keeps none of these rows (no GPU, not Linux/Shared); only the broken row is reported
    std::istringstream again(fixture("aws_offer_csv/c6i_reserved_excerpt.csv"));
    auto d = importers::importAwsOfferCsv(again, "c6i.csv", "", "aws fixture");
    REQUIRE_OK(d);
    QVERIFY(d->offerings.empty());
    QCOMPARE(toList(d->warnings), list({"c6i.csv:row 16: has 6 fields, the header has 32 (row skipped)"}));
}

void TestImporters::awsCsvBadFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("asOf");
    QTest::addColumn<QString>("expected");
    std::string renamed = fixture("aws_offer_csv/gpu_linux_crlf.csv");
    renamed.replace(renamed.find("\"PricePerUnit\""), 14, "\"Price\"");
    QTest::addRow("empty file") << ""
                                << "2026-11-30"
                                << "x.csv: empty file, expected an AWS Price List offer CSV";
    QTest::addRow("metadata only") << "\"FormatVersion\",\"v1.0\"\n\"OfferCode\",\"AmazonEC2\"\n"
                                   << "2026-11-30"
                                   << "x.csv: no header row (one with a SKU column) in the first 2 rows";
    QTest::addRow("a SkyPilot CSV") << qs(fixture("skypilot/gcp_split.csv")) << "2026-11-30"
                                    << "x.csv: no header row (one with a SKU column)";
    QTest::addRow("missing PricePerUnit") << qs(renamed) << "2026-11-30"
                                          << "x.csv:row 3: missing column \"PricePerUnit\"";
    QTest::addRow("no date anywhere") << qs(fixture("aws_offer_csv/gpu_linux_crlf.csv")) << ""
                                      << "x.csv: no Publication Date or Version in the file and no valid as_of given";
}

void TestImporters::awsCsvBadFile()
{
    QFETCH(QString, text);
    QFETCH(QString, asOf);
    QFETCH(QString, expected);
    std::istringstream in(text.toStdString());
    auto r = importers::importAwsOfferCsv(in, "x.csv", asOf.toStdString(), "s");
    QVERIFY2(!r, "accepted a bad file");
    QVERIFY2(startsWith(r.error().detail, expected.toStdString()), r.error().detail.c_str());
}

// ---------------------------------------------------------------------------------------------------------------
// AWS Price List JSON

void TestImporters::awsJsonDefaultFilter()
{
    auto r = importers::importAwsOfferJson(
        fixture("aws_offer_json/gpu_linux_no_date.json"), "gpu.json", "2026-11-30", "aws-price-list fixture");
    REQUIRE_OK(r);
    // p4d and g4dn kept; p5 us-east-1 (-3) and us-east-2 ("fifty-five") lost their only price; the Windows p3.8xlarge
    // is filtered out
    QCOMPARE(r->offerings.size(), std::size_t(2));
    const auto* p4d = findOffering(r->offerings, "us-east-1", "", "p4d.24xlarge");
    QVERIFY(p4d);
    QCOMPARE(hourly(*p4d, PricingModel::OnDemand), 21.957642);
    QCOMPARE(qs(p4d->gpuModel), QStringLiteral("A100-SXM-40GB"));
    const auto* g4dn = findOffering(r->offerings, "us-east-1", "", "g4dn.xlarge");
    QVERIFY(g4dn);
    QCOMPARE(hourly(*g4dn, PricingModel::OnDemand), 0.526);
    QCOMPARE(qs(g4dn->prices.front().asOf), QStringLiteral("2026-11-30"));
    const std::string t1 = "/terms/OnDemand/FIXTUREP5000UE1/FIXTUREP5000UE1.JRTCKXETXF/priceDimensions/"
                           "FIXTUREP5000UE1.JRTCKXETXF.6YS6EN2CT7/pricePerUnit/USD";
    const std::string t2 = "/terms/OnDemand/FIXTUREP5000UE2/FIXTUREP5000UE2.JRTCKXETXF/priceDimensions/"
                           "FIXTUREP5000UE2.JRTCKXETXF.6YS6EN2CT7/pricePerUnit/USD";
    const QStringList expected = list({
        "gpu.json:" + t1 + ": must be zero or positive, got -3 (price skipped)",
        "gpu.json:" + t2 + ": must be a number, got \"fifty-five\" (price skipped)",
    });
    QCOMPARE(toList(r->warnings), expected);

    // the real p3.8xlarge Windows BYOL product, kept when Windows is asked for
    importers::AwsOfferFilter windows;
    windows.operatingSystem = "Windows";
    auto w = importers::importAwsOfferJson(
        fixture("aws_offer_json/gpu_linux_no_date.json"), "gpu.json", "2026-11-30", "aws-price-list fixture", windows);
    REQUIRE_OK(w);
    QCOMPARE(w->offerings.size(), std::size_t(1));
    const auto& p3 = w->offerings.front();
    QCOMPARE(qs(p3.instanceType), QStringLiteral("p3.8xlarge"));
    QCOMPARE(qs(p3.region), QStringLiteral("us-east-2"));
    QCOMPARE(p3.gpuCount, 4.0);
    QCOMPARE(qs(p3.gpuModel), QStringLiteral("V100")); // p3's V100 has 16 GB: not the catalog's 32 GB part
    QCOMPARE(hourly(p3, PricingModel::OnDemand), 12.24);
}

void TestImporters::awsJsonReserved_data()
{
    QTest::addColumn<PricingModel>("model");
    QTest::addColumn<int>("termMonths");
    QTest::addColumn<PaymentOption>("payment");
    QTest::addColumn<QString>("offeringClass");
    QTest::addColumn<double>("hourlyRate");
    QTest::addColumn<double>("upfrontFee");
    QTest::addColumn<double>("effectiveHourly");
    // aws_offer_json/c4_large_reserved_2016.json: c4.large us-east-1 Linux, 2016 offer (structure of lyft/awspricing)
    QTest::addRow("on-demand") << PricingModel::OnDemand << 0 << PaymentOption::None << "" << 0.1 << 0.0 << 0.1;
    QTest::addRow("1yr partial standard") << PricingModel::Reserved << 12 << PaymentOption::PartialUpfront << "standard"
                                          << 0.03 << 263.0 << 0.06002283105; // 0.03 + 263/8760
    QTest::addRow("3yr partial standard") << PricingModel::Reserved << 36 << PaymentOption::PartialUpfront << "standard"
                                          << 0.021 << 539.0 << 0.04150989346; // 0.021 + 539/26280
    QTest::addRow("3yr partial convertible") << PricingModel::Reserved << 36 << PaymentOption::PartialUpfront
                                             << "convertible" << 0.027 << 710.0 << 0.05401674277; // 0.027 + 710/26280
    QTest::addRow("1yr no upfront standard")
        << PricingModel::Reserved << 12 << PaymentOption::NoUpfront << "standard" << 0.063 << 0.0 << 0.063;
}

void TestImporters::awsJsonReserved()
{
    QFETCH(PricingModel, model);
    QFETCH(int, termMonths);
    QFETCH(PaymentOption, payment);
    QFETCH(QString, offeringClass);
    QFETCH(double, hourlyRate);
    QFETCH(double, upfrontFee);
    QFETCH(double, effectiveHourly);
    importers::AwsOfferFilter filter;
    filter.gpuOnly = false;
    auto r = importers::importAwsOfferJson(
        fixture("aws_offer_json/c4_large_reserved_2016.json"), "c4.json", "", "awspricing fixture", filter);
    REQUIRE_OK(r);
    QVERIFY(r->warnings.empty());
    QCOMPARE(r->offerings.size(), std::size_t(1));
    const auto& o = r->offerings.front();
    QCOMPARE(qs(o.region), QStringLiteral("us-east-1")); // no regionCode in 2016: from "US East (N. Virginia)"
    QCOMPARE(o.prices.size(), std::size_t(5));
    const auto* p = findPrice(o, model, termMonths, payment, offeringClass.toStdString());
    QVERIFY(p);
    QCOMPARE(p->hourlyRate, hourlyRate);
    QCOMPARE(p->upfrontFee, upfrontFee);
    GP_COMPARE_REL(p->effectiveHourly(), effectiveHourly, 1e-9);
    QCOMPARE(qs(p->asOf), QStringLiteral("2016-12-13T01:48:31Z")); // from version 20161213014831
    QCOMPARE(qs(p->source), QStringLiteral("awspricing fixture version 20161213014831"));

    // the default filter wants a GPU: nothing, and nothing to warn about
    auto d = importers::importAwsOfferJson(fixture("aws_offer_json/c4_large_reserved_2016.json"), "c4.json", "", "s");
    REQUIRE_OK(d);
    QVERIFY(d->offerings.empty());
    QVERIFY(d->warnings.empty());
}

void TestImporters::awsJsonBadFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::addRow("empty file") << ""
                                << "x.json: empty file, expected a JSON object";
    QTest::addRow("truncated") << qs(fixture("aws_offer_json/gpu_linux_no_date.json").substr(0, 300))
                               << "x.json: not valid JSON at byte";
    QTest::addRow("NaN literal") << "{\"products\": {}, \"terms\": {}, \"version\": NaN}"
                                 << "x.json: not valid JSON";
    QTest::addRow("array at top") << "[]"
                                  << "x.json:/: must be an object, got []";
    QTest::addRow("no terms") << "{\"products\": {}}"
                              << "x.json:/terms: is required";
    QTest::addRow("products an array") << "{\"products\": [], \"terms\": {}}"
                                       << "x.json:/products: must be an object keyed by SKU, got []";
    QTest::addRow("no date anywhere") << "{\"products\": {}, \"terms\": {}}"
                                      << "x.json:/publicationDate: is missing, no date in /version";
}

void TestImporters::awsJsonBadFile()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    auto r = importers::importAwsOfferJson(text.toStdString(), "x.json", "", "s");
    QVERIFY2(!r, "accepted a bad file");
    QVERIFY2(startsWith(r.error().detail, expected.toStdString()), r.error().detail.c_str());
}

// ---------------------------------------------------------------------------------------------------------------
// AWS Spot Advisor

void TestImporters::spotAdvisor()
{
    auto r = importers::importAwsSpotAdvisor(fixture("spot_advisor/spot-advisor-excerpt.json"), "advisor.json");
    REQUIRE_OK(r);
    QCOMPARE(r->labels[0], std::string("<5%"));
    QCOMPARE(r->labels[4], std::string(">20%"));
    QCOMPARE(r->byRegion.size(), std::size_t(5));
    // real: spot dearer than on-demand in that snapshot, kept as it is
    QCOMPARE(r->byRegion.at("ca-central-1").at("p5.48xlarge").savingsPct, -62);
    const auto& use1 = r->byRegion.at("us-east-1");
    QCOMPARE(use1.size(), std::size_t(3)); // Linux only
    QCOMPARE(use1.at("p4d.24xlarge").bucket, 2);
    QCOMPARE(use1.at("p4d.24xlarge").savingsPct, 67);
    QCOMPARE(r->byRegion.at("ap-northeast-1").size(), std::size_t(1)); // the broken p5 entry is skipped
    QCOMPARE(toList(r->warnings),
        list({"advisor.json:/spot_advisor/ap-northeast-1/Linux/p5.48xlarge/r: must be an integer from 0 to "
              "4, got 7 (entry skipped)"}));

    auto windows
        = importers::importAwsSpotAdvisor(fixture("spot_advisor/spot-advisor-excerpt.json"), "a.json", "Windows");
    REQUIRE_OK(windows);
    QCOMPARE(windows->byRegion.size(), std::size_t(1));
    QCOMPARE(windows->byRegion.at("us-east-1").at("g4dn.xlarge").bucket, 4);
    QCOMPARE(windows->byRegion.at("us-east-1").at("g4dn.xlarge").savingsPct, 67);
}

void TestImporters::spotAdvisorApply_data()
{
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("zone");
    QTest::addColumn<QString>("type");
    QTest::addColumn<int>("bucket"); // -1 = not annotated
    QTest::addColumn<QString>("label");
    QTest::addColumn<int>("savings");
    // the SkyPilot AWS fixture's spot prices × the advisor excerpt
    QTest::addRow("g4dn eu-central-1") << "eu-central-1"
                                       << "euc1-az3"
                                       << "g4dn.xlarge" << 2 << "10-15%" << 62;
    QTest::addRow("p4d us-east-1") << "us-east-1"
                                   << "use1-az1"
                                   << "p4d.24xlarge" << 2 << "10-15%" << 67;
    QTest::addRow("p4d us-east-2") << "us-east-2"
                                   << "use2-az1"
                                   << "p4d.24xlarge" << 1 << "5-10%" << 66;
    QTest::addRow("p3dn us-east-1") << "us-east-1"
                                    << "use1-az6"
                                    << "p3dn.24xlarge" << 4 << ">20%" << 87;
    QTest::addRow("p4de ap-northeast-1") << "ap-northeast-1"
                                         << "apne1-az1"
                                         << "p4de.24xlarge" << 0 << "<5%" << 90;
    QTest::addRow("p5: advisor entry was broken") << "ap-northeast-1"
                                                  << "apne1-az4"
                                                  << "p5.48xlarge" << -1 << "" << -1;
    QTest::addRow("p5e: not in the advisor") << "us-east-2"
                                             << "use2-az1"
                                             << "p5e.48xlarge" << -1 << "" << -1;
}

void TestImporters::spotAdvisorApply()
{
    QFETCH(QString, region);
    QFETCH(QString, zone);
    QFETCH(QString, type);
    QFETCH(int, bucket);
    QFETCH(QString, label);
    QFETCH(int, savings);
    auto offers = skyPilot("aws_reordered_crlf.csv", "aws");
    REQUIRE_OK(offers);
    auto advisor = importers::importAwsSpotAdvisor(fixture("spot_advisor/spot-advisor-excerpt.json"), "a.json");
    REQUIRE_OK(advisor);
    // g4dn euc1-az1 and euc1-az3, p4d use1, p4d use2, p3dn use1, p4de apne1: one spot price each
    QCOMPARE(importers::applySpotAdvisor(offers->offerings, *advisor), std::size_t(6));
    const auto* o = findOffering(offers->offerings, region.toStdString(), zone.toStdString(), type.toStdString());
    QVERIFY(o);
    const auto* spot = findPrice(*o, PricingModel::Spot);
    QVERIFY(spot);
    QCOMPARE(spot->interruptionBucket.value_or(-1), bucket);
    QCOMPARE(qs(spot->interruptionLabel), label);
    QCOMPARE(spot->spotSavingsPct.value_or(-1), savings);
    if (const auto* od = findPrice(*o, PricingModel::OnDemand))
        QVERIFY(!od->interruptionBucket); // only spot prices are annotated
}

void TestImporters::spotAdvisorBadFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::addRow("empty file") << ""
                                << "x.json: empty file";
    QTest::addRow("truncated") << qs(fixture("spot_advisor/spot-advisor-excerpt.json").substr(0, 120))
                               << "x.json: not valid JSON at byte";
    QTest::addRow("no spot_advisor") << "{\"ranges\": []}"
                                     << "x.json:/spot_advisor: is required";
    QTest::addRow("spot_advisor an array") << "{\"spot_advisor\": []}"
                                           << "x.json:/spot_advisor: must be an object keyed by region, got []";
}

void TestImporters::spotAdvisorBadFile()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    auto r = importers::importAwsSpotAdvisor(text.toStdString(), "x.json");
    QVERIFY2(!r, "accepted a bad file");
    QVERIFY2(startsWith(r.error().detail, expected.toStdString()), r.error().detail.c_str());
}

// ---------------------------------------------------------------------------------------------------------------
// Azure Retail Prices

void TestImporters::azurePage_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<PricingModel>("model");
    QTest::addColumn<int>("termMonths");
    QTest::addColumn<double>("hourlyRate");
    QTest::addColumn<double>("upfrontFee");
    QTest::addColumn<double>("effectiveHourly");
    // azure/retail_page1.json, eastus
    QTest::addRow("A100 v4 on-demand") << "Standard_NC24ads_A100_v4" << PricingModel::OnDemand << 0 << 3.673 << 0.0
                                       << 3.673;
    QTest::addRow("A100 v4 spot meter") << "Standard_NC24ads_A100_v4" << PricingModel::Spot << 0 << 0.444433 << 0.0
                                        << 0.444433;
    QTest::addRow("H100 v5 on-demand") << "Standard_NC40ads_H100_v5" << PricingModel::OnDemand << 0 << 6.98 << 0.0
                                       << 6.98;
    QTest::addRow("D2als v7 on-demand") << "Standard_D2als_v7" << PricingModel::OnDemand << 0 << 0.0804 << 0.0
                                        << 0.0804;
    QTest::addRow("D2als v7 spot (Low Priority not taken)")
        << "Standard_D2als_v7" << PricingModel::Spot << 0 << 0.015598 << 0.0 << 0.015598;
    QTest::addRow("D2als v7 reserved 1 year = term total")
        << "Standard_D2als_v7" << PricingModel::Reserved << 12 << 0.0 << 416.0 << 0.04748858447; // 416 / 8760
    QTest::addRow("D2als v7 reserved 3 years")
        << "Standard_D2als_v7" << PricingModel::Reserved << 36 << 0.0 << 803.0 << 0.03055555556; // 803 / 26280
    QTest::addRow("D2als v7 savings plan 1 year")
        << "Standard_D2als_v7" << PricingModel::SavingsPlan << 12 << 0.053868 << 0.0 << 0.053868;
    QTest::addRow("D2als v7 savings plan 3 years")
        << "Standard_D2als_v7" << PricingModel::SavingsPlan << 36 << 0.035376 << 0.0 << 0.035376;
}

void TestImporters::azurePage()
{
    QFETCH(QString, type);
    QFETCH(PricingModel, model);
    QFETCH(int, termMonths);
    QFETCH(double, hourlyRate);
    QFETCH(double, upfrontFee);
    QFETCH(double, effectiveHourly);
    auto r
        = importers::importAzureRetailPrices(fixture("azure/retail_page1.json"), "azure.json", "2026-11-30", "azure");
    REQUIRE_OK(r);
    QCOMPARE(r->catalog.offerings.size(), std::size_t(3));
    const auto* o = findOffering(r->catalog.offerings, "eastus", "", type.toStdString());
    QVERIFY(o);
    QCOMPARE(qs(o->provider), QStringLiteral("azure"));
    QCOMPARE(o->gpuCount, 0.0); // the API lists no hardware
    const auto* p = findPrice(*o, model, termMonths, PaymentOption::None,
        model == PricingModel::SavingsPlan ? std::string("compute") : std::string());
    QVERIFY(p);
    QCOMPARE(p->hourlyRate, hourlyRate);
    QCOMPARE(p->upfrontFee, upfrontFee);
    GP_COMPARE_REL(p->effectiveHourly(), effectiveHourly, 1e-9);
    QCOMPARE(qs(p->currency), QStringLiteral("USD"));
    QCOMPARE(qs(p->asOf), QStringLiteral("2026-11-30"));
    QCOMPARE(qs(p->source), QStringLiteral("azure"));
}

void TestImporters::azureSkipsAndWarnings()
{
    auto r
        = importers::importAzureRetailPrices(fixture("azure/retail_page1.json"), "azure.json", "2026-11-30", "azure");
    REQUIRE_OK(r);
    // items 7-10 (Windows spot, DevTestConsumption, Windows, Low Priority) are skipped silently
    const QStringList expected = list({
        "azure.json:/Items/11/unitPrice: must be zero or positive, got -3 (item skipped)",
        "azure.json:/Items/12/reservationTerm: must be \"1 Year\", \"3 Years\" or \"5 Years\", got \"2 Years\" "
        "(item skipped)",
    });
    QCOMPARE(toList(r->catalog.warnings), expected);
    const auto* d2 = findOffering(r->catalog.offerings, "eastus", "", "Standard_D2als_v7");
    QVERIFY(d2);
    QCOMPARE(d2->prices.size(), std::size_t(6)); // on-demand, 2 savings plans, 2 reservations, spot
    QVERIFY(!findOffering(r->catalog.offerings, "eastus", "", "Standard_NC4as_T4_v3"));
    QCOMPARE(qs(r->next),
        QStringLiteral("https://prices.azure.com:443/api/retail/prices?api-version=2023-01-01-preview&$filter="
                       "armRegionName%20eq%20%27eastus%27&$skip=100"));

    // without an as_of the item's effectiveStartDate dates the price
    auto undated = importers::importAzureRetailPrices(fixture("azure/retail_page1.json"), "azure.json", "", "azure");
    REQUIRE_OK(undated);
    const auto* u = findOffering(undated->catalog.offerings, "eastus", "", "Standard_D2als_v7");
    QVERIFY(u);
    QCOMPARE(qs(findPrice(*u, PricingModel::OnDemand)->asOf), QStringLiteral("2025-11-01T00:00:00Z"));
    QCOMPARE(qs(findPrice(*u, PricingModel::Spot)->asOf), QStringLiteral("2026-08-01T00:00:00Z"));
}

void TestImporters::azurePagingAndHardware()
{
    auto first
        = importers::importAzureRetailPrices(fixture("azure/retail_page1.json"), "p1.json", "2026-11-30", "azure");
    REQUIRE_OK(first);
    auto last
        = importers::importAzureRetailPrices(fixture("azure/retail_page2_last.json"), "p2.json", "2026-11-30", "azure");
    REQUIRE_OK(last);
    QVERIFY(last->next.empty()); // NextPageLink null
    auto all = first->catalog;
    const auto warningsBefore = all.warnings.size();
    importers::mergeImports(all, last->catalog);
    // the A100 v4 on-demand price repeats identically (dropped); the T4 v3 is new
    QCOMPARE(all.offerings.size(), std::size_t(4));
    QCOMPARE(all.warnings.size(), warningsBefore);
    const auto* a100 = findOffering(all.offerings, "eastus", "", "Standard_NC24ads_A100_v4");
    QVERIFY(a100);
    QCOMPARE(a100->prices.size(), std::size_t(2));
    const auto* t4 = findOffering(all.offerings, "eastus", "", "Standard_NC4as_T4_v3");
    QVERIFY(t4);
    QCOMPARE(hourly(*t4, PricingModel::OnDemand), 0.526);

    // hardware from SkyPilot's Azure catalog: A100 v4 and T4 v3 are in azure_lf.csv, H100 v5 and D2als v7 are not
    auto specs = skyPilot("azure_lf.csv", "azure");
    REQUIRE_OK(specs);
    QCOMPARE(importers::fillHardware(all.offerings, specs->offerings), std::size_t(2));
    QCOMPARE(a100->gpuCount, 1.0);
    QCOMPARE(qs(a100->gpuModel), QStringLiteral("A100-SXM-80GB"));
    QCOMPARE(a100->vcpus, 24.0);
    QCOMPARE(qs(t4->gpuModel), QStringLiteral("T4"));
    QCOMPARE(hourly(*a100, PricingModel::OnDemand), 3.673); // prices untouched
}

void TestImporters::azureBadFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::addRow("empty file") << ""
                                << "x.json: empty file";
    QTest::addRow("truncated") << qs(fixture("azure/retail_page1.json").substr(0, 500))
                               << "x.json: not valid JSON at byte";
    QTest::addRow("no Items") << "{\"NextPageLink\": null}"
                              << "x.json:/Items: is required";
    QTest::addRow("Items not an array") << "{\"Items\": 3}"
                                        << "x.json:/Items: must be an array, got 3";
    QTest::addRow("NextPageLink a number") << "{\"Items\": [], \"NextPageLink\": 2}"
                                           << "x.json:/NextPageLink: must be a string or null, got 2";
}

void TestImporters::azureBadFile()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    auto r = importers::importAzureRetailPrices(text.toStdString(), "x.json", "2026-11-30", "s");
    QVERIFY2(!r, "accepted a bad file");
    QVERIFY2(startsWith(r.error().detail, expected.toStdString()), r.error().detail.c_str());
}

// ---------------------------------------------------------------------------------------------------------------
// GCP Cloud Billing Catalog

void TestImporters::gcpMachines_data()
{
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("type");
    QTest::addColumn<double>("gpus");
    QTest::addColumn<double>("vcpus");
    QTest::addColumn<double>("memoryGiB");
    QTest::addColumn<double>("onDemand");
    // gcp/skus_a2_page.json: A100 $2.933908/GPU-h, A2 core $0.031611/vCPU-h, A2 RAM $0.004237/GiB-h (2023-03-24)
    QTest::addRow("a2-highgpu-1g us-central1")
        << "us-central1"
        << "a2-highgpu-1g" << 1.0 << 12.0 << 85.0 << 3.673385; // 2.933908 + 12·0.031611 + 85·0.004237 (api/README.md)
    QTest::addRow("a2-highgpu-2g us-east1")
        << "us-east1"
        << "a2-highgpu-2g" << 2.0 << 24.0 << 170.0 << 7.34677; // 5.867816 + 0.758664 + 0.72029
    QTest::addRow("a2-highgpu-8g us-west1")
        << "us-west1"
        << "a2-highgpu-8g" << 8.0 << 96.0 << 680.0
        << 29.38708; // 23.471264 + 3.034656 + 2.88116 (= SkyPilot's 5.91582 + 23.47126)
    QTest::addRow("a2-megagpu-16g us-central1")
        << "us-central1"
        << "a2-megagpu-16g" << 16.0 << 96.0 << 1360.0 << 55.739504; // 46.942528 + 3.034656 + 5.76232
}

void TestImporters::gcpMachines()
{
    QFETCH(QString, region);
    QFETCH(QString, type);
    QFETCH(double, gpus);
    QFETCH(double, vcpus);
    QFETCH(double, memoryGiB);
    QFETCH(double, onDemand);
    auto r = importers::importGcpSkus(fixture("gcp/skus_a2_page.json"), "gcp.json", "", "cloudbilling fixture");
    REQUIRE_OK(r);
    QCOMPARE(r->catalog.offerings.size(), std::size_t(15)); // 5 A2 machines with A100 40 GB × 3 regions
    QCOMPARE(qs(r->next), QStringLiteral("FIXTURE-NEXT-PAGE-TOKEN"));
    const auto* o = findOffering(r->catalog.offerings, region.toStdString(), "", type.toStdString());
    QVERIFY(o);
    QCOMPARE(qs(o->provider), QStringLiteral("gcp"));
    QCOMPARE(qs(o->gpuModel), QStringLiteral("A100-SXM-40GB"));
    QCOMPARE(o->gpuCount, gpus);
    QCOMPARE(o->vcpus, vcpus);
    QCOMPARE(o->memoryGiB, memoryGiB);
    QCOMPARE(o->prices.size(), std::size_t(1)); // no spot: the page has no Preemptible A2 core/RAM
    const auto& p = o->prices.front();
    QVERIFY(p.pricingModel == PricingModel::OnDemand);
    GP_COMPARE_REL(p.hourlyRate, onDemand, 1e-12);
    QCOMPARE(qs(p.currency), QStringLiteral("USD"));
    QCOMPARE(qs(p.asOf), QStringLiteral("2023-03-24T10:52:50.681Z")); // no as_of given: the SKUs' effectiveTime
    QCOMPARE(qs(p.source), QStringLiteral("cloudbilling fixture"));
}

void TestImporters::gcpWarnings()
{
    auto r = importers::importGcpSkus(fixture("gcp/skus_a2_page.json"), "gcp.json", "2026-11-30", "s");
    REQUIRE_OK(r);
    const QStringList expected = list({
        // the E2 core SKU with its units negated (README.md)
        "gcp.json:/skus/5/pricingInfo/0/pricingExpression/tieredRates/0/unitPrice: must be zero or positive, got "
        "units -327, nanos 173848364 (SKU skipped)",
        // the Preemptible A100 SKU has no Preemptible A2 core and RAM beside it
        "gcp.json: a2-highgpu-* spot price not assembled in us-central1, us-east1, us-west1: no A2 core, A2 RAM SKU",
        "gcp.json: a2-megagpu-* spot price not assembled in us-central1, us-east1, us-west1: no A2 core, A2 RAM SKU",
        // A2 core and RAM are there, the A100 80 GB GPU SKU is not
        "gcp.json: a2-ultragpu-* on_demand price not assembled in us-central1, us-east1, us-west1: no A100-80GB GPU "
        "SKU",
    });
    QCOMPARE(toList(r->catalog.warnings), expected);
    QCOMPARE(qs(r->catalog.offerings.front().prices.front().asOf), QStringLiteral("2026-11-30"));
}

void TestImporters::gcpPages()
{
    // the A2 core SKU sits on the second page: one page alone cannot assemble any machine
    const std::string p1 = fixture("gcp/skus_split_p1.json");
    const std::string p2 = fixture("gcp/skus_split_p2.json");
    auto alone = importers::importGcpSkus(p1, "p1.json", "2026-11-30", "s");
    REQUIRE_OK(alone);
    QVERIFY(alone->catalog.offerings.empty());
    QCOMPARE(qs(alone->next), QStringLiteral("FIXTURE-P2"));
    QVERIFY(alone->catalog.warnings.front().find("a2-highgpu-* on_demand price not assembled in us-central1, "
                                                 "us-east1, us-west1: no A2 core SKU")
        != std::string::npos);

    auto pooled = importers::importGcpSkuPages({{"p1.json", p1}, {"p2.json", p2}}, "2026-11-30", "s");
    REQUIRE_OK(pooled);
    QCOMPARE(pooled->offerings.size(), std::size_t(15));
    const auto* o = findOffering(pooled->offerings, "us-central1", "", "a2-highgpu-1g");
    QVERIFY(o);
    GP_COMPARE_REL(o->prices.front().hourlyRate, 3.673385, 1e-12); // as in gcpMachines
    // the T4 Virtual Workstation SKU on page 2 is a licence, not a GPU: ignored
    QCOMPARE(toList(pooled->warnings),
        list({"p1.json: a2-ultragpu-* on_demand price not assembled in us-central1, us-east1, us-west1: no "
              "A100-80GB GPU SKU"}));
}

void TestImporters::gcpBadFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::addRow("empty file") << ""
                                << "x.json: empty file";
    QTest::addRow("truncated") << qs(fixture("gcp/skus_a2_page.json").substr(0, 700))
                               << "x.json: not valid JSON at byte";
    QTest::addRow("no skus") << "{\"nextPageToken\": \"\"}"
                             << "x.json:/skus: is required";
    QTest::addRow("skus an object") << "{\"skus\": {}}"
                                    << "x.json:/skus: must be an array, got {}";
}

void TestImporters::gcpBadFile()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    auto r = importers::importGcpSkus(text.toStdString(), "x.json", "", "s");
    QVERIFY2(!r, "accepted a bad file");
    QVERIFY2(startsWith(r.error().detail, expected.toStdString()), r.error().detail.c_str());
}

// ---------------------------------------------------------------------------------------------------------------
// Alibaba

void TestImporters::gcpPricingYaml_data()
{
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<double>("gpus");
    QTest::addColumn<double>("gpuMemoryGiB");
    QTest::addColumn<double>("vcpus");
    QTest::addColumn<double>("onDemand");
    QTest::addColumn<double>("spot");
    QTest::addColumn<double>("month1y"); // -1: no committed-use price in the file
    QTest::addColumn<double>("month3y");
    // gcp_pricing/pricing_excerpt.yml: the real figures of Cyclenerd's pricing.yml generated 2026-07-30 (README.md)
    QTest::addRow("a2-highgpu-1g us-central1")
        << "us-central1"
        << "a2-highgpu-1g"
        << "A100-SXM-40GB" << 1.0 << 40.0 << 12.0 << 3.673385 << 1.92802 << 1689.3711392 << 938.56707798;
    QTest::addRow("a2-highgpu-1g europe-west4")
        << "europe-west4"
        << "a2-highgpu-1g"
        << "A100-SXM-40GB" << 1.0 << 40.0 << 12.0 << 3.747972 << 1.692835 << 1723.6728172 << 957.62681807;
    // A2 Ultra has no committed-use price in the file
    QTest::addRow("a2-ultragpu-8g us-central1")
        << "us-central1"
        << "a2-ultragpu-8g"
        << "A100-SXM-80GB" << 8.0 << 80.0 << 96.0 << 40.5503831232877 << 22.0763704109589 << -1.0 << -1.0;
    // the GPU key comes after "cost" in the file (keys are sorted); sold only as Spot or Flex-start, so the file's
    // on-demand 11.0612499878219 and committed figures are left out
    QTest::addRow("a3-highgpu-1g us-central1")
        << "us-central1"
        << "a3-highgpu-1g"
        << "H100-SXM-80GB" << 1.0 << 80.0 << 26.0 << -1.0 << 6.32619260273973 << -1.0 << -1.0;
    QTest::addRow("a3-highgpu-8g us-central1") << "us-central1"
                                               << "a3-highgpu-8g"
                                               << "H100-SXM-80GB" << 8.0 << 80.0 << 208.0 << 88.4899999025753
                                               << 50.6095408219178 << 44810.08066464 << 28370.99821392;
    QTest::addRow("a3-megagpu-8g asia-northeast1") << "asia-northeast1"
                                                   << "a3-megagpu-8g"
                                                   << "H100-SXM-80GB" << 8.0 << 80.0 << 208.0 << 119.276366632548
                                                   << 29.7180287123288 << 59910.68776896 << 37930.53489776;
    // G4's one-eighth shape: 0.125 of a 96 GB GPU is 12 GB
    QTest::addRow("g4-standard-6 us-central1")
        << "us-central1"
        << "g4-standard-6"
        << "RTX-PRO-6000-SE" << 0.125 << 12.0 << 6.0 << 0.55955625 << 0.2238035 << 281.853 << 179.6831125;
}

void TestImporters::gcpPricingYaml()
{
    QFETCH(QString, region);
    QFETCH(QString, type);
    QFETCH(QString, gpu);
    QFETCH(double, gpus);
    QFETCH(double, gpuMemoryGiB);
    QFETCH(double, vcpus);
    QFETCH(double, onDemand);
    QFETCH(double, spot);
    QFETCH(double, month1y);
    QFETCH(double, month3y);
    auto r
        = importers::importGcpPricingYaml(fixture("gcp_pricing/pricing_excerpt.yml"), "pricing.yml", "", "cyclenerd");
    REQUIRE_OK(r);
    // 7 GPU machine types over 9 region entries; n1-standard-4 has no GPU; g2-standard-4 europe-west4 has no
    // readable price left (its hour and hour_spot are broken on purpose) but keeps its committed-use ones
    QCOMPARE(r->offerings.size(), std::size_t(9));
    const auto* o = findOffering(r->offerings, region.toStdString(), "", type.toStdString());
    QVERIFY(o);
    QCOMPARE(qs(o->provider), QStringLiteral("gcp"));
    QCOMPARE(qs(o->gpuModel), gpu);
    QCOMPARE(o->gpuCount, gpus);
    QCOMPARE(o->gpuMemoryGiB, gpuMemoryGiB);
    QCOMPARE(o->vcpus, vcpus);
    const QString country = region == QLatin1String("europe-west4") ? QStringLiteral("NL")
        : region == QLatin1String("asia-northeast1")                ? QStringLiteral("JP")
                                                                    : QStringLiteral("US");
    QCOMPARE(qs(o->country), country);
    if (onDemand < 0)
        QVERIFY(!findPrice(*o, PricingModel::OnDemand));
    else
        QCOMPARE(hourly(*o, PricingModel::OnDemand), onDemand);
    QCOMPARE(hourly(*o, PricingModel::Spot), spot);
    const auto* c1 = findPrice(*o, PricingModel::CommittedUse, 12);
    const auto* c3 = findPrice(*o, PricingModel::CommittedUse, 36);
    if (month1y < 0) {
        QVERIFY(!c1);
        QVERIFY(!c3);
        QCOMPARE(o->prices.size(), std::size_t(onDemand < 0 ? 1 : 2));
    } else {
        QVERIFY(c1 && c3);
        GP_COMPARE_REL(c1->hourlyRate, month1y / 730.0, 1e-12); // the monthly commitment over 730 h
        QCOMPARE(qs(c1->origUnit), QStringLiteral("USD per month, month_1y"));
        GP_COMPARE_REL(c3->hourlyRate, month3y / 730.0, 1e-12);
        QCOMPARE(c1->upfrontFee, 0.0);
        QCOMPARE(o->prices.size(), std::size_t(4));
    }
    for (const auto& p : o->prices) {
        QCOMPARE(qs(p.currency), QStringLiteral("USD"));
        QCOMPARE(qs(p.asOf), QStringLiteral("2026-07-30")); // about.generated: Thu Jul 30 06:13:17 2026
        QCOMPARE(qs(p.source), QStringLiteral("cyclenerd"));
    }
}

void TestImporters::gcpPricingYamlWarnings()
{
    auto r
        = importers::importGcpPricingYaml(fixture("gcp_pricing/pricing_excerpt.yml"), "pricing.yml", "2026-08-01", "s");
    REQUIRE_OK(r);
    const QStringList expected = list({
        // 0.65224 / 4.80478794 = 13.6 %
        "pricing.yml: a2-highgpu-1g: left out in africa-south1: spot below 18 % of on-demand there, a figure without a "
        "GPU spot SKU (GCP does not sell the GPU in that region)",
        "pricing.yml: a3-highgpu-1g: on-demand and committed-use figures not imported: GCP sells this type only as "
        "Spot or Flex-start VMs",
        "pricing.yml:line 87:column 17: compute.instance.g2-standard-4.cost.europe-west4.hour: must be a positive "
        "number, got -3",
        "pricing.yml:line 88:column 22: compute.instance.g2-standard-4.cost.europe-west4.hour_spot: must be a number, "
        "got \"n/a\"",
    });
    QCOMPARE(toList(r->warnings), expected);
    // the file's own date wins over the one given (an import months later must not make the prices look fresh)
    QCOMPARE(qs(r->offerings.front().prices.front().asOf), QStringLiteral("2026-07-30"));
    auto undated = importers::importGcpPricingYaml("compute:\n  instance:\n    g2-standard-4: {l4: 1, cpu: 4, ram: 16, "
                                                   "cost: {us-central1: {hour: 0.706832255}}}\n",
        "pricing.yml", "2026-08-01", "s");
    REQUIRE_OK(undated);
    QCOMPARE(qs(undated->offerings.at(0).prices.at(0).asOf), QStringLiteral("2026-08-01")); // no date: as_of given
    // a GPU key the table does not map (A4's B200 is not in the 2026-07-30 file) is said, not taken for a CPU type
    auto unknown = importers::importGcpPricingYaml(
        "compute:\n  instance:\n    a4-highgpu-8g: {b200: 8, cpu: 224, cost: {us-central1: {hour: 1}}}\n",
        "pricing.yml", "2026-08-01", "s");
    REQUIRE_OK(unknown);
    QVERIFY(unknown->offerings.empty());
    QCOMPARE(toList(unknown->warnings),
        list({"pricing.yml:line 3:column 21: compute.instance.a4-highgpu-8g.b200: a GPU gpuplan does not map (known: "
              "a100, a100-80gb, h100-80gb, h100-80gb-mega, l4, rtx6000); machine type skipped"}));
    // the registry recognizes the file by its suffix and contents
    const auto head = fixture("gcp_pricing/pricing_excerpt.yml").substr(0, 4096);
    const auto* f = importers::guessFormat(head, "yml");
    QVERIFY(f);
    QCOMPARE(qs(f->id), QStringLiteral("gcp-pricing"));
}

void TestImporters::gcpPricingYamlBadFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    // yaml-cpp places an unclosed flow at the start of the document
    QTest::addRow("not YAML") << "compute: {instance: [1, 2"
                              << "pricing.yml:line 1:column 1: not valid YAML: end of sequence flow not found";
    QTest::addRow("a list") << "- 1\n- 2\n"
                            << "pricing.yml: not a Cyclenerd pricing.yml (the document is not a map with "
                               "compute.instance)";
    QTest::addRow("no date") << "compute:\n  instance: {}\n"
                             << "pricing.yml: about.generated is missing and no as_of was given";
    QTest::addRow("bad date") << "about: {generated: yesterday}\ncompute:\n  instance: {}\n"
                              << "pricing.yml: about.generated \"yesterday\" is not a date and no as_of was given";
    QTest::addRow("no instances") << "about: {generated: Thu Jul 30 06:13:17 2026}\ncompute: {storage: {}}\n"
                                  << "pricing.yml: no compute.instance map (not a Cyclenerd pricing.yml)";
    // one cost map aliased by many machine types: the walk stops at the limit instead of running for hours
    std::string alias = "about: {generated: Thu Jul 30 06:13:17 2026}\nregions: &r\n";
    for (int i = 0; i < 400; ++i)
        alias += "  r" + std::to_string(i) + ": {hour: 1}\n";
    alias += "compute:\n  instance:\n";
    for (int i = 0; i < 400; ++i)
        alias += "    m" + std::to_string(i) + ": {l4: 1, cost: *r}\n";
    QTest::addRow("aliased cost maps")
        << QString::fromStdString(alias)
        << "pricing.yml: more than 100000 region entries under the GPU machine types (the real file has about 1,000); "
           "refused";
}

void TestImporters::gcpPricingYamlBadFile()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    auto r = importers::importGcpPricingYaml(text.toStdString(), "pricing.yml", "", "s");
    QVERIFY(!r);
    QCOMPARE(qs(r.error().detail), message);
}

void TestImporters::alibaba_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<PricingModel>("model");
    QTest::addColumn<int>("termMonths");
    QTest::addColumn<double>("hourlyRate");
    QTest::addColumn<double>("upfrontFee");
    QTest::addColumn<double>("effectiveHourly");
    // alibaba/instancePrice_intl.json, ap-southeast-1, USD, 2018-10-08
    QTest::addRow("t5 pay-as-you-go") << "ecs.t5-c1m1.xlarge" << PricingModel::OnDemand << 0 << 0.09 << 0.0 << 0.09;
    QTest::addRow("t5 1 month") << "ecs.t5-c1m1.xlarge" << PricingModel::Subscription << 1 << 0.0 << 45.74
                                << 0.06265753425; // 45.74 / 730
    QTest::addRow("t5 1 year") << "ecs.t5-c1m1.xlarge" << PricingModel::Subscription << 12 << 0.0 << 466.56
                               << 0.05326027397; // 466.56 / 8760
    QTest::addRow("t5 3 years") << "ecs.t5-c1m1.xlarge" << PricingModel::Subscription << 36 << 0.0 << 1399.64
                                << 0.0532587519; // 1399.64 / 26280
    QTest::addRow("t5 5 years") << "ecs.t5-c1m1.xlarge" << PricingModel::Subscription << 60 << 0.0 << 2332.74
                                << 0.05325890411; // 2332.74 / 43800
    QTest::addRow("r5 pay-as-you-go") << "ecs.r5.6xlarge" << PricingModel::OnDemand << 0 << 1.92 << 0.0 << 1.92;
    QTest::addRow("r5 1 month") << "ecs.r5.6xlarge" << PricingModel::Subscription << 1 << 0.0 << 883.01
                                << 1.20960274; // 883.01 / 730
    QTest::addRow("r5 1 year") << "ecs.r5.6xlarge" << PricingModel::Subscription << 12 << 0.0 << 9006.71
                               << 1.028163242; // 9006.71 / 8760
}

void TestImporters::alibaba()
{
    QFETCH(QString, type);
    QFETCH(PricingModel, model);
    QFETCH(int, termMonths);
    QFETCH(double, hourlyRate);
    QFETCH(double, upfrontFee);
    QFETCH(double, effectiveHourly);
    auto r
        = importers::importAlibabaInstancePrice(fixture("alibaba/instancePrice_intl.json"), "ali.json", "", "alibaba");
    REQUIRE_OK(r);
    QCOMPARE(r->offerings.size(), std::size_t(2)); // Windows and classic-network entries are skipped
    const auto* o = findOffering(r->offerings, "ap-southeast-1", "", type.toStdString());
    QVERIFY(o);
    QCOMPARE(qs(o->provider), QStringLiteral("alibaba"));
    const auto* p = findPrice(*o, model, termMonths);
    QVERIFY(p);
    QCOMPARE(p->hourlyRate, hourlyRate);
    QCOMPARE(p->upfrontFee, upfrontFee);
    GP_COMPARE_REL(p->effectiveHourly(), effectiveHourly, 1e-9);
    QCOMPARE(qs(p->currency), QStringLiteral("USD"));
    QCOMPARE(qs(p->asOf), QStringLiteral("2018-10-08T08:15:52Z"));
    QCOMPARE(qs(p->source), QStringLiteral("alibaba version 2.0.7"));
}

void TestImporters::alibabaWarnings()
{
    auto r
        = importers::importAlibabaInstancePrice(fixture("alibaba/instancePrice_intl.json"), "ali.json", "", "alibaba");
    REQUIRE_OK(r);
    const QStringList expected = list({
        "ali.json:/pricingInfo/ap-southeast-1::ecs.r5.6xlarge::vpc::linux::optimized/months/1/price: must be a finite "
        "number, got NaN (price skipped)",
        "ali.json:/pricingInfo/ap-southeast-1::ecs.t5-c1m1.xlarge::vpc::linux: key must be "
        "Region::InstanceType::NetworkType::OS::IoOptimized, got \"ap-southeast-1::ecs.t5-c1m1.xlarge::vpc::linux\" "
        "(entry skipped)",
    });
    QCOMPARE(toList(r->warnings), expected);
    const auto* r5 = findOffering(r->offerings, "ap-southeast-1", "", "ecs.r5.6xlarge");
    QVERIFY(r5);
    QCOMPARE(r5->prices.size(), std::size_t(7)); // 1 hourly + 1 month + 5 years; the NaN month is skipped
}

void TestImporters::alibabaBadFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::addRow("empty file") << ""
                                << "x.json: empty file";
    QTest::addRow("truncated") << qs(fixture("alibaba/instancePrice_intl.json").substr(0, 200))
                               << "x.json: not valid JSON at byte";
    QTest::addRow("lower-case currency")
        << "{\"currency\": \"usd\", \"pricingInfo\": {}}"
        << "x.json:/currency: must be an ISO 4217 code such as USD or CNY, got \"usd\"";
    QTest::addRow("no pricingInfo") << "{\"currency\": \"CNY\", \"publicationDate\": \"2018-10-08T08:15:52Z\"}"
                                    << "x.json:/pricingInfo: is required";
    QTest::addRow("no date anywhere") << "{\"currency\": \"CNY\", \"pricingInfo\": {}}"
                                      << "x.json:/publicationDate: is missing and no valid as_of was given";
}

void TestImporters::alibabaBadFile()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    auto r = importers::importAlibabaInstancePrice(text.toStdString(), "x.json", "", "s");
    QVERIFY2(!r, "accepted a bad file");
    QVERIFY2(startsWith(r.error().detail, expected.toStdString()), r.error().detail.c_str());
}

// ---------------------------------------------------------------------------------------------------------------
// The real sample files ($GPUPLAN_SAMPLES, set by .ci/run); values read by hand from them

void TestImporters::realSamplesSkyPilot_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("zone");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("gpuModel");
    QTest::addColumn<double>("gpuCount");
    QTest::addColumn<double>("onDemand"); // -1 = none
    QTest::addColumn<double>("spot");
    const std::string v8 = "catalogs/skypilot/v8/";
    // AWS: the on-demand price on the regional offering, the spot price on the AZ's
    QTest::addRow("aws p4d us-east-1 on demand") << qs(v8 + "aws/vms_gpu.csv") << "aws"
                                                 << "us-east-1"
                                                 << ""
                                                 << "p4d.24xlarge"
                                                 << "A100-SXM-40GB" << 8.0 << 21.957642 << -1.0;
    QTest::addRow("aws p4d use1-az1 spot") << qs(v8 + "aws/vms_gpu.csv") << "aws"
                                           << "us-east-1"
                                           << "use1-az1"
                                           << "p4d.24xlarge"
                                           << "A100-SXM-40GB" << 8.0 << -1.0 << 2.4655;
    QTest::addRow("aws p6-b300 us-west-2 on demand") << qs(v8 + "aws/vms_gpu.csv") << "aws"
                                                     << "us-west-2"
                                                     << ""
                                                     << "p6-b300.48xlarge"
                                                     << "B300" << 8.0 << 142.416 << -1.0;
    QTest::addRow("gcp a2-highgpu-1g assembled") << qs(v8 + "gcp/vms_gpu_subset.csv") << "gcp"
                                                 << "us-central1"
                                                 << "us-central1-a"
                                                 << "a2-highgpu-1g"
                                                 << "A100-SXM-40GB" << 1.0 << 3.67339 // 0.73948 + 2.93391
                                                 << 1.80385;                          // 0.36975 + 1.4341
    QTest::addRow("gcp a3-highgpu-1g assembled") << qs(v8 + "gcp/vms_gpu_subset.csv") << "gcp"
                                                 << "us-central1"
                                                 << "us-central1-a"
                                                 << "a3-highgpu-1g"
                                                 << "H100-SXM-80GB" << 1.0 << 5.38327 // 1.18251 + 4.20076
                                                 << 3.35377;                          // 0.36117 + 2.9926
    QTest::addRow("azure ND H100 v5") << qs(v8 + "azure/vms_gpu_subset.csv") << "azure"
                                      << "eastus"
                                      << ""
                                      << "Standard_ND96isr_H100_v5"
                                      << "H100-SXM-80GB" << 8.0 << 98.32 << 98.32;
    QTest::addRow("lambda H100 PCIe") << qs(v8 + "lambda/vms.csv") << "lambda"
                                      << "europe-central-1"
                                      << ""
                                      << "gpu_1x_h100_pcie"
                                      << "H100-PCIe-80GB" << 1.0 << 3.29 << -1.0;
    QTest::addRow("vast 1x H200 France") << qs(v8 + "vast/vms.csv") << "vast"
                                         << "France, FR, EU"
                                         << ""
                                         << "1x-H200-32-65536"
                                         << "H200-SXM-141GB" << 1.0 << 2.65 << -1.0;
    QTest::addRow("nebius H200 x8") << qs(v8 + "nebius/vms.csv") << "nebius"
                                    << "eu-north1"
                                    << ""
                                    << "gpu-h200-sxm_8gpu-128vcpu-1600gb"
                                    << "H200-SXM-141GB" << 8.0 << 28.0 << 11.6;
    QTest::addRow("verda JSON GpuInfo, no on-demand") << qs(v8 + "verda/vms.csv") << "verda"
                                                      << "FIN-03"
                                                      << ""
                                                      << "2B300.60V"
                                                      << "B300" << 2.0 << -1.0 << 4.893;
    QTest::addRow("runpod A100 PCIe") << qs(v8 + "runpod/vms_head_subset.csv") << "runpod"
                                      << "IN"
                                      << "AP-IN-1"
                                      << "1x_A100-80GB_SECURE"
                                      << "A100-PCIe-80GB" << 1.0 << 1.39 << 1.39;
    QTest::addRow("shadeform A6000") << qs(v8 + "shadeform/vms_head_subset.csv") << "shadeform"
                                     << "kansascity-usa-1"
                                     << ""
                                     << "massedcompute_A6000x8"
                                     << "A6000" << 8.0 << 4.56 << -1.0;
    QTest::addRow("paperspace v6") << qs("catalogs/skypilot/v6/paperspace/vms.csv") << "paperspace"
                                   << "East Coast (NY2)"
                                   << ""
                                   << "H100x8"
                                   << "H100-SXM-80GB" << 8.0 << 47.60 << -1.0;
}

void TestImporters::realSamplesSkyPilot()
{
    REQUIRE_SAMPLES();
    QFETCH(QString, file);
    QFETCH(QString, provider);
    QFETCH(QString, region);
    QFETCH(QString, zone);
    QFETCH(QString, type);
    QFETCH(QString, gpuModel);
    QFETCH(double, gpuCount);
    QFETCH(double, onDemand);
    QFETCH(double, spot);
    auto r = importers::importSkyPilotCsv(
        sample(file.toStdString()), file.toStdString(), provider.toStdString(), "2026-11-30", "skypilot-catalog");
    REQUIRE_OK(r);
    QVERIFY(!r->offerings.empty());
    const auto* o = findOffering(r->offerings, region.toStdString(), zone.toStdString(), type.toStdString());
    QVERIFY(o);
    QCOMPARE(qs(o->gpuModel), gpuModel);
    QCOMPARE(o->gpuCount, gpuCount);
    QCOMPARE(hourly(*o, PricingModel::OnDemand), onDemand);
    QCOMPARE(hourly(*o, PricingModel::Spot), spot);
    if (!r->warnings.empty()) // what the real (cut) files still trip over, for the record
        qDebug("%zu warnings, the first: %s", r->warnings.size(), r->warnings.front().c_str());
}

void TestImporters::realSamplesAwsCsv()
{
    REQUIRE_SAMPLES();
    const std::string path = samplesDir() + "/api/aws/ec2-priceit_3-global-pricing-file-sample.csv";
    {
        // no row of the sample is a plain Linux GPU instance (api/README.md)
        std::ifstream in(path, std::ios::binary);
        QVERIFY(in);
        auto r = importers::importAwsOfferCsv(in, "sample.csv", "", "aws");
        REQUIRE_OK(r);
        QVERIFY(r->offerings.empty());
        QVERIFY(r->warnings.empty());
    }
    std::ifstream in(path, std::ios::binary);
    importers::AwsOfferFilter filter;
    filter.operatingSystem = "Windows";
    filter.tenancy = "Dedicated";
    filter.preInstalledSw = "SQL Web";
    filter.gpuOnly = false;
    auto r = importers::importAwsOfferCsv(in, "sample.csv", "", "aws", filter);
    REQUIRE_OK(r);
    QVERIFY(r->warnings.empty());
    const auto* o = findOffering(r->offerings, "ap-northeast-1", "", "c6i.large");
    QVERIFY(o);
    QCOMPARE(o->prices.size(), std::size_t(13)); // on-demand + 12 reserved terms (2 × 3 × 2)
    QCOMPARE(hourly(*o, PricingModel::OnDemand), 0.2773);
    const auto* allUp = findPrice(*o, PricingModel::Reserved, 12, PaymentOption::AllUpfront, "standard");
    QVERIFY(allUp);
    GP_COMPARE_REL(allUp->effectiveHourly(), 0.2320776256, 1e-9); // 2033 / 8760
    const auto* conv = findPrice(*o, PricingModel::Reserved, 36, PaymentOption::AllUpfront, "convertible");
    QVERIFY(conv);
    GP_COMPARE_REL(conv->effectiveHourly(), 0.2151826484, 1e-9); // 5655 / 26280
    const auto* partial = findPrice(*o, PricingModel::Reserved, 12, PaymentOption::PartialUpfront, "convertible");
    QVERIFY(partial);
    QCOMPARE(partial->upfrontFee, 1072.0);
    QCOMPARE(partial->hourlyRate, 0.12235);
    QCOMPARE(qs(partial->asOf), QStringLiteral("2025-09-12T22:53:08Z"));
}

void TestImporters::realSamplesAwsJson()
{
    REQUIRE_SAMPLES();
    importers::AwsOfferFilter windows;
    windows.operatingSystem = "Windows";
    auto p3 = importers::importAwsOfferJson(
        sample("api/aws/offer_us-east-2_p3.8xlarge_excerpt_2023-03.json"), "p3.json", "", "aws", windows);
    REQUIRE_OK(p3);
    QCOMPARE(p3->offerings.size(), std::size_t(1));
    QCOMPARE(hourly(p3->offerings.front(), PricingModel::OnDemand), 12.24);
    QCOMPARE(p3->offerings.front().gpuCount, 4.0);
    QCOMPARE(qs(p3->offerings.front().prices.front().asOf), QStringLiteral("2023-03-22T14:56:51Z"));

    importers::AwsOfferFilter any;
    any.gpuOnly = false;
    auto c4 = importers::importAwsOfferJson(
        sample("api/aws/offer_us-east-1_c4.large_reserved_terms_excerpt_2016-12.json"), "c4.json", "", "aws", any);
    REQUIRE_OK(c4);
    QCOMPARE(c4->offerings.size(), std::size_t(1));
    const auto& o = c4->offerings.front();
    QCOMPARE(o.prices.size(), std::size_t(5));
    const auto* p = findPrice(o, PricingModel::Reserved, 36, PaymentOption::PartialUpfront, "standard");
    QVERIFY(p);
    GP_COMPARE_REL(p->effectiveHourly(), 0.04150989346, 1e-9); // 0.021 + 539 / 26280
}

void TestImporters::realSamplesSpotAdvisor()
{
    REQUIRE_SAMPLES();
    auto r = importers::importAwsSpotAdvisor(sample("spot/aws_spot-advisor-data_2025-06-28.json"), "advisor.json");
    REQUIRE_OK(r);
    QVERIFY(r->warnings.empty()); // ca-central-1 p5.48xlarge's s = -62 is data, not an error
    QCOMPARE(r->byRegion.size(), std::size_t(33));
    QCOMPARE(r->byRegion.at("ca-central-1").at("p5.48xlarge").savingsPct, -62);
    const auto& p5 = r->byRegion.at("us-east-1").at("p5.48xlarge"); // spot/README.md: {s:52, r:4}
    QCOMPARE(p5.bucket, 4);
    QCOMPARE(p5.savingsPct, 52);
    QCOMPARE(r->labels[4], std::string(">20%"));
}

void TestImporters::realSamplesAzure()
{
    REQUIRE_SAMPLES();
    auto r = importers::importAzureRetailPrices(
        sample("api/azure/retail_prices_eastus_Standard_D2als_v7_preview.json"), "azure.json", "", "azure");
    REQUIRE_OK(r);
    QVERIFY(r->next.empty()); // NextPageLink null
    QVERIFY(r->catalog.warnings.empty());
    QCOMPARE(r->catalog.offerings.size(), std::size_t(1));
    const auto& o = r->catalog.offerings.front();
    // on-demand 0.0804, 2 savings plans, 2 reservations (416, 803), spot 0.015598; Windows and dev/test skipped
    QCOMPARE(o.prices.size(), std::size_t(6));
    QCOMPARE(hourly(o, PricingModel::OnDemand), 0.0804);
    QCOMPARE(hourly(o, PricingModel::Spot), 0.015598);
    QCOMPARE(findPrice(o, PricingModel::Reserved, 12)->upfrontFee, 416.0);
    QCOMPARE(findPrice(o, PricingModel::Reserved, 36)->upfrontFee, 803.0);
    QCOMPARE(findPrice(o, PricingModel::SavingsPlan, 36, PaymentOption::None, "compute")->hourlyRate, 0.035376);
}

void TestImporters::realSamplesGcp()
{
    REQUIRE_SAMPLES();
    auto r = importers::importGcpSkus(
        sample("api/gcp/opencost_gcp_test_skus_a100_a2_2023-03.json"), "gcp.json", "", "gcp");
    REQUIRE_OK(r);
    QVERIFY(!r->next.empty());
    const auto* o = findOffering(r->catalog.offerings, "us-central1", "", "a2-highgpu-1g");
    QVERIFY(o);
    GP_COMPARE_REL(o->prices.front().hourlyRate, 3.673385, 1e-12); // api/README.md: 12×core + 85×RAM + 1×A100
    QCOMPARE(r->catalog.offerings.size(), std::size_t(15));
    QCOMPARE(r->catalog.warnings.size(), std::size_t(1)); // a2-ultragpu: no A100 80 GB SKU in the file
}

void TestImporters::realSamplesGcpPricingYaml()
{
    REQUIRE_SAMPLES();
    auto r = importers::importGcpPricingYaml(
        sample("api/gcp/cyclenerd-pricing_2026-07-30.yml"), "pricing.yml", "", "cyclenerd");
    REQUIRE_OK(r);
    // a3-highgpu-1g, -2g, -4g: spot only; and 21 of the 29 types are left out in the regions where their spot
    // figure lacks the GPU (every A2, A3 High and G2 type; A3 Mega and G4 are priced only where sold)
    QCOMPARE(r->warnings.size(), std::size_t(24));
    QVERIFY(!findOffering(r->offerings, "africa-south1", "", "a2-highgpu-1g"));
    QVERIFY(!findOffering(r->offerings, "europe-north1", "", "g2-standard-4")); // 0.07724 / 0.778293004 = 9.9 %
    QVERIFY(findOffering(r->offerings, "europe-west1", "", "a2-highgpu-1g"));   // 25 %: kept
    const auto* a3 = findOffering(r->offerings, "us-central1", "", "a3-highgpu-8g");
    QVERIFY(a3);
    QCOMPARE(hourly(*a3, PricingModel::OnDemand), 88.4899999025753);
    // 29 GPU machine types (A2 Standard 5, A2 Ultra 4, A3 High 4, A3 Mega 1, G2 8, G4 7) over their regions
    std::set<std::string> types;
    for (const auto& o : r->offerings)
        types.insert(o.instanceType);
    QCOMPARE(types.size(), std::size_t(29));
    for (const auto& o : r->offerings)
        QVERIFY2(!o.country.empty(), o.region.c_str()); // every region of the file has a country
}

void TestImporters::realSamplesAlibaba()
{
    REQUIRE_SAMPLES();
    auto r = importers::importAlibabaInstancePrice(
        sample("api/alibaba/instancePrice_intl_excerpt_v2.0.7_2018-10.json"), "ali.json", "", "alibaba");
    REQUIRE_OK(r);
    QVERIFY(r->warnings.empty());
    QCOMPARE(r->offerings.size(), std::size_t(2));
    const auto* t5 = findOffering(r->offerings, "ap-southeast-1", "", "ecs.t5-c1m1.xlarge");
    QVERIFY(t5);
    QCOMPARE(hourly(*t5, PricingModel::OnDemand), 0.09);
    QCOMPARE(findPrice(*t5, PricingModel::Subscription, 36)->upfrontFee, 1399.64);
}

QTEST_APPLESS_MAIN(TestImporters)
void TestImporters::printableText_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QByteArray>("shown");
    // Code points by their UTF-8 bytes (RFC 3629); U+FFFD is EF BF BD.
    QTest::addRow("plain and Chinese") << QByteArray("8\xC3\x97H100 \xE5\x8C\x97\xE4\xBA\xAC")
                                       << QByteArray("8\xC3\x97H100 \xE5\x8C\x97\xE4\xBA\xAC");
    QTest::addRow("tab LF CR") << QByteArray("a\tb\nc\r\nd") << QByteArray("a b c  d");
    QTest::addRow("NEL U+0085") << QByteArray("a\xC2\x85z") << QByteArray("a z");
    QTest::addRow("LS PS U+2028 U+2029") << QByteArray("a\xE2\x80\xA8z\xE2\x80\xA9") << QByteArray("a z ");
    QTest::addRow("NUL BEL ESC DEL") << QByteArray("a\x00\x07\x1B[31m\x7F", 9)
                                     << QByteArray("a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD[31m\xEF\xBF\xBD");
    QTest::addRow("C1 CSI U+009B") << QByteArray("\xC2\x9B"
                                                 "1")
                                   << QByteArray("\xEF\xBF\xBD"
                                                 "1");
    QTest::addRow("RLO U+202E, PDI U+2069")
        << QByteArray("x\xE2\x80\xAEgnp.exe\xE2\x81\xA9") << QByteArray("x\xEF\xBF\xBDgnp.exe\xEF\xBF\xBD");
    QTest::addRow("LRM U+200E stays") << QByteArray("\xE2\x80\x8E") << QByteArray("\xE2\x80\x8E");
    QTest::addRow("Latin-1") << QByteArray("caf\xE9") << QByteArray("caf\xEF\xBF\xBD");
}

// Names shown in the app and printed in the PDF go through core::printable: nothing in them can break a line,
// reorder the text after it, or reach a terminal as an escape sequence.
void TestImporters::printableText()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QByteArray, shown);
    const std::string r = core::printable(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    QCOMPARE(QByteArray(r.data(), qsizetype(r.size())), shown);
}

namespace {
std::string ecbDaily()
{
    return test::readFile(GPUPLAN_SOURCE_DIR "/tests/data/fetch/ecb/eurofxref-daily_2025-05-09.xml");
}
} // namespace

// The ECB's daily file of 2025-05-09 (a real body): 30 currencies per EUR, turned into rates per USD through that
// day's USD rate 1.1252: CNY 8.1470 / 1.1252 = 7.240491, JPY 163.36 / 1.1252 = 145.1831, EUR 1 / 1.1252 = 0.8887309.
void TestImporters::ecbReferenceRates()
{
    const std::string url = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
    auto r = importers::importEcbReferenceRates(ecbDaily(), "eurofxref-daily.xml", url);
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(QString::fromStdString(r->date), QStringLiteral("2025-05-09"));
    QCOMPARE(r->currencies, std::size_t(30));
    QCOMPARE(r->rates.size(), std::size_t(30)); // 29 others + EUR; USD itself is the base
    std::map<std::string, core::FxRate> by;
    for (const auto& x : r->rates)
        by[x.currency] = x;
    QVERIFY(!by.count("USD"));
    GP_COMPARE_REL(by.at("CNY").perUsd, 7.240491, 1e-6);
    GP_COMPARE_REL(by.at("JPY").perUsd, 145.1831, 1e-6);
    GP_COMPARE_REL(by.at("EUR").perUsd, 0.8887309, 1e-6);
    GP_COMPARE_REL(by.at("IDR").perUsd, 18606.59 / 1.1252, 1e-12);
    QCOMPARE(QString::fromStdString(by.at("CNY").asOf), QStringLiteral("2025-05-09"));
    // the source is a link, then how the cross rate was made
    QVERIFY(by.at("CNY").source.rfind(url + " (ECB euro reference rates of 2025-05-09; 8.147 CNY per EUR / 1.1252", 0)
        == 0);
}

void TestImporters::ecbRefusesWhatItCannotTrust_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    const QByteArray real = QByteArray::fromStdString(ecbDaily());
    QTest::newRow("cut off") << real.left(800) << QStringLiteral("cut off (truncated download?)");
    QTest::newRow("cut inside a tag") << real.left(real.indexOf("rate='1.1252'") + 9)
                                      << QStringLiteral("a tag does not end: the document is cut off");
    QTest::newRow("decimal comma") << QByteArray(real).replace("rate='1.1252'", "rate='1,1252'")
                                   << QStringLiteral("eurofxref-daily.xml:line 9: Cube currency=\"USD\" rate: must be "
                                                     "a positive number with a decimal point, got \"1,1252\"");
    QTest::newRow("external entity") << QByteArray(real).replace("<gesmes:Envelope",
        "<!DOCTYPE gesmes:Envelope [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<gesmes:Envelope")
                                     << QStringLiteral("eurofxref-daily.xml:line 2: declares a DTD");
    QTest::newRow("entity reference") << QByteArray(real).replace("rate='1.1252'", "rate='&xxe;'")
                                      << QStringLiteral("that is not one of XML's predefined five");
    QTest::newRow("no USD") << QByteArray(real).replace("currency='USD'", "currency='XUS'")
                            << QStringLiteral("no USD rate on 2025-05-09");
    QTest::newRow("a currency twice") << QByteArray(real).replace("currency='JPY'", "currency='USD'")
                                      << QStringLiteral("Cube currency=\"USD\": twice on 2025-05-09");
    QTest::newRow("negative") << QByteArray(real).replace("rate='163.36'", "rate='-163.36'")
                              << QStringLiteral("got \"-163.36\"");
    QTest::newRow("not the ECB's") << QByteArray("<html><body>Service Unavailable</body></html>")
                                   << QStringLiteral("the root element is <html>");
    QTest::newRow("mismatched") << QByteArray(real).replace("</Cube>\n\t</Cube>", "</Cube>\n\t</Cubes>")
                                << QStringLiteral("</Cubes> closes <Cube>");
    QTest::newRow("empty") << QByteArray("  \n") << QStringLiteral("eurofxref-daily.xml: is empty");
}

// A file the reader cannot trust is an error naming the file, the line and the value; nothing of it is returned.
void TestImporters::ecbRefusesWhatItCannotTrust()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    auto r = importers::importEcbReferenceRates(text.toStdString(), "eurofxref-daily.xml", "https://x");
    QVERIFY(!r);
    QVERIFY2(QString::fromStdString(r.error().detail).contains(message), r.error().detail.c_str());
}

#include "tst_importers.moc"
