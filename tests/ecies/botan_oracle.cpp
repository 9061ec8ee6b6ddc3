/*
 * Botan 2 as an ECIES oracle for kurv's botan-aes128-cbc and botan-aes256-cbc presets.
 *
 * Botan's side is its ECIES_Encryptor / ECIES_Decryptor with
 *   ECIES_System_Params(group, "KDF2(SHA-256)", "AES-128/CBC" or "AES-256/CBC", 16 or 32,
 *                       "HMAC(SHA-256)", 32, PointGFp::UNCOMPRESSED, ECIES_Flags::NONE)
 * and, where a test gives SharedInfo2, the same bytes as Botan's label.
 *
 * Without arguments (the meson test ecies-botan): on every built curve, both presets, the
 * lengths 0, 1, 15, 16, 17, 31, 32, 33, 100, 1000, 4095 and 4096, Botan decrypts kurv's
 * ciphertexts and kurv decrypts Botan's, with and without a label; a changed byte is
 * refused by both; a BouncyCastle-preset ciphertext is refused by Botan (the presets
 * differ). Prints the counts; exit 0, or 1 on the first mismatch.
 *
 * For the tool test (ecies-botan-tool.sh):
 *   botan-ecies-oracle enc PRESET PUBFILE MSGFILE OUTFILE   Botan encrypts to a
 *       SubjectPublicKeyInfo (PEM or DER)
 *   botan-ecies-oracle dec PRESET KEYFILE CTFILE OUTFILE [PASSWORD]   Botan decrypts with a
 *       PKCS#8 key (PEM or DER, encrypted when PASSWORD is given)
 * exit 0, or 1 with one line on stderr.
 */
#include <botan/auto_rng.h>
#include <botan/bigint.h>
#include <botan/data_src.h>
#include <botan/ec_group.h>
#include <botan/ecdh.h>
#include <botan/ecies.h>
#include <botan/pkcs8.h>
#include <botan/version.h>
#include <botan/x509_key.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <kurv_curve_list.h>   /* kurv's headers declare C linkage themselves */
#include <kurv/ecies.h>

namespace {

struct preset {
    const char *name;   /* kurv's */
    const char *dem;    /* Botan's */
    size_t dem_key_len;
};

const preset presets[] = {
    {"botan-aes128-cbc", "AES-128/CBC", 16},
    {"botan-aes256-cbc", "AES-256/CBC", 32},
};

Botan::ECIES_System_Params botan_params(const Botan::EC_Group &g, const preset &p)
{
    return Botan::ECIES_System_Params(g, "KDF2(SHA-256)", p.dem, p.dem_key_len, "HMAC(SHA-256)",
                                      32, Botan::PointGFp::UNCOMPRESSED,
                                      Botan::ECIES_Flags::NONE);
}

const preset *find_preset(const std::string &name)
{
    for (const preset &p : presets)
        if (name == p.name)
            return &p;
    return nullptr;
}

std::vector<uint8_t> read_file(const std::string &path)
{
    std::ifstream f(path, std::ios::binary);
    if (!f)
        throw std::runtime_error(path + ": cannot open");
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

void write_file(const std::string &path, const uint8_t *p, size_t n)
{
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char *>(p), static_cast<std::streamsize>(n));
    if (!f)
        throw std::runtime_error(path + ": cannot write");
}

int fails = 0;

void check(bool ok, const std::string &what)
{
    if (!ok) {
        std::fprintf(stderr, "FAIL %s\n", what.c_str());
        fails++;
    }
}

/* kurv's parameters for a preset, with SharedInfo2 = @label */
kurv_ecies_params kurv_params(const preset &p, const std::vector<uint8_t> &label)
{
    kurv_ecies_params kp = *kurv_ecies_preset(p.name);
    kp.shared_info2 = label.empty() ? nullptr : label.data();
    kp.shared_info2_len = label.size();
    return kp;
}

/* One curve, one preset, one length, one label: both directions and tampering. */
void one(const kurv_curve *c, const Botan::EC_Group &g, const preset &p, size_t len,
         const std::vector<uint8_t> &label, Botan::RandomNumberGenerator &rng, size_t &count)
{
    const std::string what = std::string(kurv_curve_name(c)) + " " + p.name + " len " +
                             std::to_string(len) + (label.empty() ? "" : " label");
    size_t slen = kurv_curve_scalar_len(c), qlen = KURV_MAX_POINT_LEN;
    uint8_t d[KURV_MAX_SCALAR_LEN], q[KURV_MAX_POINT_LEN];
    std::vector<uint8_t> msg(len);
    kurv_ecies_params kp = kurv_params(p, label);
    Botan::ECIES_System_Params bp = botan_params(g, p);

    rng.randomize(msg.data(), msg.size());
    if (kurv_keygen(c, d, slen, q, &qlen, 0) != KURV_OK)
        throw std::runtime_error("kurv_keygen failed");
    Botan::ECDH_PrivateKey bkey(rng, g, Botan::BigInt(d, slen));
    check(bkey.public_value() == std::vector<uint8_t>(q, q + qlen), what + ": the same public key");

    /* kurv encrypts, Botan decrypts */
    size_t ct_len = kurv_ecies_ciphertext_len(c, &kp, len);
    std::vector<uint8_t> ct(ct_len);
    check(kurv_ecies_encrypt(c, ct.data(), &ct_len, q, qlen, msg.data(), len, &kp) == KURV_OK,
          what + ": kurv encrypts");
    Botan::ECIES_Decryptor bdec(bkey, bp, rng);
    if (!label.empty())
        bdec.set_label(std::string(label.begin(), label.end()));
    Botan::secure_vector<uint8_t> bpt;
    try {
        bpt = bdec.decrypt(ct);
        check(std::vector<uint8_t>(bpt.begin(), bpt.end()) == msg, what + ": Botan's plaintext");
    } catch (const std::exception &e) {
        check(false, what + ": Botan decrypts kurv's ciphertext: " + e.what());
    }
    ct[ct.size() / 2] ^= 0x04;
    bool refused = false;
    try {
        bdec.decrypt(ct);
    } catch (const std::exception &) {
        refused = true;
    }
    check(refused, what + ": Botan refuses kurv's ciphertext with a changed byte");

    /* Botan encrypts, kurv decrypts */
    Botan::ECIES_Encryptor benc(rng, bp);
    benc.set_other_key(g.OS2ECP(q, qlen));
    if (!label.empty())
        benc.set_label(std::string(label.begin(), label.end()));
    std::vector<uint8_t> bct = benc.encrypt(msg, rng);
    check(bct.size() == kurv_ecies_ciphertext_len(c, &kp, len), what + ": the same ciphertext length");
    size_t cap = kurv_ecies_plaintext_max_len(c, &kp, bct.data(), bct.size());
    std::vector<uint8_t> pt(cap ? cap : 1);
    size_t pt_len = cap;
    check(kurv_ecies_decrypt(c, pt.data(), &pt_len, d, slen, bct.data(), bct.size(), &kp) == KURV_OK &&
          pt_len == len && (len == 0 || std::memcmp(pt.data(), msg.data(), len) == 0),
          what + ": kurv decrypts Botan's ciphertext");
    bct[bct.size() - 1] ^= 0x80;
    pt_len = cap;
    check(kurv_ecies_decrypt(c, pt.data(), &pt_len, d, slen, bct.data(), bct.size(), &kp) ==
          KURV_ERR_DECRYPT, what + ": kurv refuses Botan's ciphertext with a changed tag");
    count += 2;
}

int sweep()
{
    static const size_t lens[] = {0, 1, 15, 16, 17, 31, 32, 33, 100, 1000, 4095, 4096};
    const std::vector<uint8_t> label = {'k', 'u', 'r', 'v', ' ', 'l', 'a', 'b', 'e', 'l'};
    Botan::AutoSeeded_RNG rng;
    size_t count = 0, curves = 0;

    struct named { const kurv_curve *c; const char *oid; };
    const named list[] = {
#define KT_ONE(family, accessor, name, openssl, oid, wycheproof, bc, prefix, hash) {accessor(), oid},
        KURV_CURVE_LIST(KT_ONE)
#undef KT_ONE
    };
    for (const named &n : list) {
        Botan::EC_Group g{Botan::OID(n.oid)};
        curves++;
        for (const preset &p : presets) {
            for (size_t len : lens)
                one(n.c, g, p, len, {}, rng, count);
            one(n.c, g, p, 33, label, rng, count);
        }
        /* the BouncyCastle preset is not Botan's: Botan refuses its ciphertext */
        {
            size_t slen = kurv_curve_scalar_len(n.c), qlen = KURV_MAX_POINT_LEN;
            uint8_t d[KURV_MAX_SCALAR_LEN], q[KURV_MAX_POINT_LEN], msg[20] = {1};
            kurv_keygen(n.c, d, slen, q, &qlen, 0);
            const kurv_ecies_params *bc = kurv_ecies_preset("bc-aes128-cbc");
            size_t ct_len = kurv_ecies_ciphertext_len(n.c, bc, sizeof msg);
            std::vector<uint8_t> ct(ct_len);
            kurv_ecies_encrypt(n.c, ct.data(), &ct_len, q, qlen, msg, sizeof msg, bc);
            Botan::ECDH_PrivateKey bkey(rng, g, Botan::BigInt(d, slen));
            Botan::ECIES_Decryptor bdec(bkey, botan_params(g, presets[0]), rng);
            bool refused = false;
            try {
                bdec.decrypt(ct);
            } catch (const std::exception &) {
                refused = true;
            }
            check(refused, std::string(kurv_curve_name(n.c)) + ": Botan refuses bc-aes128-cbc");
        }
    }
    std::printf("ecies-botan: %zu exchanges with Botan %s (kurv -> Botan and Botan -> kurv) on "
                "%zu curves, 2 presets, 12 lengths 0..4096 and a label: %d failures\n",
                count, Botan::version_string().c_str(), curves, fails);
    std::printf("ecies-botan: Botan's own ECIES vectors (src/tests/data/pubkey/ecies.vec) are not "
                "in Debian's libbotan-2-dev; not run\n");
    return fails ? 1 : 0;
}

int tool_mode(int argc, char **argv)
{
    Botan::AutoSeeded_RNG rng;
    const std::string mode = argv[1];
    const preset *p = find_preset(argv[2]);
    if (!p)
        throw std::runtime_error(std::string("unknown preset ") + argv[2]);
    if (mode == "enc" && argc == 6) {
        Botan::DataSource_Stream src(argv[3], true);
        std::unique_ptr<Botan::Public_Key> pub(Botan::X509::load_key(src));
        auto *ec = dynamic_cast<Botan::EC_PublicKey *>(pub.get());
        if (!ec)
            throw std::runtime_error("not an EC public key");
        Botan::ECIES_Encryptor enc(rng, botan_params(ec->domain(), *p));
        enc.set_other_key(ec->public_point());
        std::vector<uint8_t> msg = read_file(argv[4]);
        std::vector<uint8_t> ct = enc.encrypt(msg, rng);
        write_file(argv[5], ct.data(), ct.size());
        return 0;
    }
    if (mode == "dec" && (argc == 6 || argc == 7)) {
        Botan::DataSource_Stream src(argv[3], true);
        std::unique_ptr<Botan::Private_Key> key(argc == 7 ? Botan::PKCS8::load_key(src, std::string(argv[6]))
                                                          : Botan::PKCS8::load_key(src));
        auto *ec = dynamic_cast<Botan::EC_PrivateKey *>(key.get());
        if (!ec)
            throw std::runtime_error("not an EC private key");
        Botan::ECDH_PrivateKey ecdh(rng, ec->domain(), ec->private_value());
        Botan::ECIES_Decryptor dec(ecdh, botan_params(ec->domain(), *p), rng);
        Botan::secure_vector<uint8_t> pt = dec.decrypt(read_file(argv[4]));
        write_file(argv[5], pt.data(), pt.size());
        return 0;
    }
    throw std::runtime_error("usage: botan-ecies-oracle [enc PRESET PUB MSG OUT | dec PRESET KEY CT OUT [PASS]]");
}

} // namespace

int main(int argc, char **argv)
{
    try {
        return argc == 1 ? sweep() : tool_mode(argc, argv);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "botan-ecies-oracle: %s\n", e.what());
        return 1;
    }
}
