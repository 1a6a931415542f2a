#ifndef GRIDEDIT_CCRYPTO_SHIM_H
#define GRIDEDIT_CCRYPTO_SHIM_H
// OpenSSL's SHA-256 (Debian's libcrypto, libssl-dev). The plain SHA256_* calls, not EVP: they are
// all `gridedit check`'s content cache needs, they need no provider set-up, and they run the
// same assembly (SHA extensions, AVX2). OpenSSL 3 marks them deprecated in favour of EVP.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>
#endif
