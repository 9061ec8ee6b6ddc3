/*
 * openssl/tests/kp_tls.h: in-memory TLS for the provider's C test and kurv-provider-bench.
 *
 * kpt_self_signed() - a self-signed X.509 v3 certificate (CN=localhost, 1 day) on @pk,
 *     signed with SHA-256 through @libctx and @propq (so the signature runs where the
 *     property query sends it). Return: the certificate, or NULL (OpenSSL's error queue says
 *     why).
 * kpt_handshake() - one TLS handshake between a server of @sctx and a client of @cctx over a
 *     BIO pair (no socket), then one application byte each way. When @srv / @cli are not
 *     NULL they receive the connections (the caller frees them), else they are freed.
 *     Return: 1 when both sides finished the handshake and the bytes arrived, 0 otherwise.
 */
#ifndef KP_TLS_H
#define KP_TLS_H

#include <openssl/ssl.h>
#include <openssl/x509.h>

X509 *kpt_self_signed(EVP_PKEY *pk, OSSL_LIB_CTX *libctx, const char *propq);
int kpt_handshake(SSL_CTX *sctx, SSL_CTX *cctx, SSL **srv, SSL **cli);

#endif
