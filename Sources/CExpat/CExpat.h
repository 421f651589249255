// Debian's libexpat1-dev (pkg-config expat): a streaming XML 1.0 tokenizer.
// Its header uses only standard C types, so Swift modules that import
// Foundation can import it directly (unlike ICU's, see CICUShim).
#include <expat.h>
