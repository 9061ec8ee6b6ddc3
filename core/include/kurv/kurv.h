/*
 * kurv: elliptic-curve cryptography in C11 - umbrella header of the core library.
 *
 * Link with `pkg-config --libs kurv-<family>` (kurv-secp256k1, ...) and include
 * the family's header (<kurv/secp256k1.h>) to obtain curve descriptors.
 */
#ifndef KURV_KURV_H
#define KURV_KURV_H

#include <kurv/export.h>
#include <kurv/err.h>
#include <kurv/curve.h>
#include <kurv/hash.h>
#include <kurv/keys.h>
#include <kurv/keyfile.h>
#include <kurv/ecdsa.h>
#include <kurv/ecies.h>
#include <kurv/point.h>
#include <kurv/util.h>

#endif
