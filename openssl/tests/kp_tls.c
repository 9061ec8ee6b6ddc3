/* openssl/tests/kp_tls.c: in-memory TLS helpers (contract in kp_tls.h). */
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/x509v3.h>
#include "kp_tls.h"

X509 *kpt_self_signed(EVP_PKEY *pk, OSSL_LIB_CTX *libctx, const char *propq)
{
    X509 *x = X509_new_ex(libctx, propq);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    X509_NAME *n = X509_NAME_new();
    int ok = x != NULL && md != NULL && n != NULL
             && X509_set_version(x, X509_VERSION_3)
             && ASN1_INTEGER_set(X509_get_serialNumber(x), 1)
             && X509_gmtime_adj(X509_getm_notBefore(x), -60)
             && X509_gmtime_adj(X509_getm_notAfter(x), 86400)
             && X509_NAME_add_entry_by_txt(n, "CN", MBSTRING_ASC,
                                           (const unsigned char *)"localhost", -1, -1, 0)
             && X509_set_subject_name(x, n) && X509_set_issuer_name(x, n)
             && X509_set_pubkey(x, pk)
             && EVP_DigestSignInit_ex(md, NULL, "SHA256", libctx, propq, pk, NULL) == 1
             && X509_sign_ctx(x, md) > 0;
    X509_NAME_free(n);
    EVP_MD_CTX_free(md);
    if (!ok) {
        X509_free(x);
        return NULL;
    }
    return x;
}

int kpt_handshake(SSL_CTX *sctx, SSL_CTX *cctx, SSL **srv, SSL **cli)
{
    SSL *s = SSL_new(sctx), *c = SSL_new(cctx);
    BIO *bs = NULL, *bc = NULL;
    int ok = 0, sdone = 0, cdone = 0;
    if (s == NULL || c == NULL || !BIO_new_bio_pair(&bs, 0, &bc, 0))
        goto end;
    SSL_set_bio(s, bs, bs);
    SSL_set_bio(c, bc, bc);
    SSL_set_accept_state(s);
    SSL_set_connect_state(c);
    for (int round = 0; round < 50 && !(sdone && cdone); round++) {
        if (!cdone) {
            int r = SSL_do_handshake(c);
            if (r == 1)
                cdone = 1;
            else if (SSL_get_error(c, r) != SSL_ERROR_WANT_READ)
                goto end;
        }
        if (!sdone) {
            int r = SSL_do_handshake(s);
            if (r == 1)
                sdone = 1;
            else if (SSL_get_error(s, r) != SSL_ERROR_WANT_READ)
                goto end;
        }
    }
    if (!(sdone && cdone))
        goto end;
    /* one byte each way: the client reads the server's TLS 1.3 tickets on the way */
    char b = 'k', r = 0;
    if (SSL_write(c, &b, 1) != 1 || SSL_read(s, &r, 1) != 1 || r != 'k')
        goto end;
    r = 0;
    if (SSL_write(s, &b, 1) != 1 || SSL_read(c, &r, 1) != 1 || r != 'k')
        goto end;
    ok = 1;
end:
    if (srv != NULL && ok)
        *srv = s;
    else
        SSL_free(s);
    if (cli != NULL && ok)
        *cli = c;
    else
        SSL_free(c);
    return ok;
}
