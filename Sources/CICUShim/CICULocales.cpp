// Locale services that ICU offers only in C++: CLDR alias replacement and
// the default numbering system. The interface is the C one in CICUShim.h.
#include "CICUShim.h"

#include <string.h>

#include <unicode/locid.h>
#include <unicode/numsys.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>

#include <memory>
#include <string>

using icu::Locale;
using icu::NumberingSystem;

// Copies a NUL-terminated ASCII string with ICU's preflighting convention.
static int32_t write_ascii(const char *text, char *out, int32_t capacity, UErrorCode *ec) {
  int32_t length = static_cast<int32_t>(strlen(text));
  if (length < capacity) {
    memcpy(out, text, length + 1);
  } else {
    *ec = U_BUFFER_OVERFLOW_ERROR;
  }
  return length;
}

// Shape checks for the plain IDs that skip alias replacement: exactly
// ICU's canonical case, ASCII only.
static bool all_in(const char *text, size_t length, char low, char high) {
  for (size_t i = 0; i < length; i++) {
    if (text[i] < low || text[i] > high) return false;
  }
  return true;
}

static bool is_language(const char *text, size_t length) {
  return ((length >= 2 && length <= 3) || (length >= 5 && length <= 8)) && all_in(text, length, 'a', 'z');
}

static bool is_script(const char *text, size_t length) {
  return length == 4 && all_in(text, 1, 'A', 'Z') && all_in(text + 1, 3, 'a', 'z');
}

static bool is_region(const char *text, size_t length) {
  return (length == 2 && all_in(text, 2, 'A', 'Z')) || (length == 3 && all_in(text, 3, '0', '9'));
}

// True when `key` names an entry of `table` (one of the alias tables of
// ICU's metadata.res).
static bool has_entry(UResourceBundle *table, const std::string &key) {
  UErrorCode ec = U_ZERO_ERROR;
  UResourceBundle *entry = ures_getByKey(table, key.c_str(), nullptr, &ec);
  ures_close(entry);
  return ec != U_MISSING_RESOURCE_ERROR;
}

// True for an ID of the shape language[_Script][_REGION] in canonical case,
// which uloc_canonicalize leaves as it is, that no alias rule can touch: no
// entry for its language (alone or with its script or region, as CLDR's
// languageAlias keys such as "sgn_BR" are), its script or its region.
// Locale::createCanonical returns such an ID as it is, but first loads the
// whole alias table (2.6 M instructions, a sixth of a 22-task report);
// looking up the few keys reads the same data directly.
static bool needs_no_alias_replacement(const char *id) {
  std::string parts[3];
  size_t count = 0;
  const char *start = id;
  for (const char *p = id;; p++) {
    if (*p == '_' || *p == '\0') {
      if (count == 3) return false;
      parts[count++] = std::string(start, p - start);
      if (*p == '\0') break;
      start = p + 1;
    }
  }
  // "und" is replaced even without an alias entry (und_CA is _CA).
  if (!is_language(parts[0].data(), parts[0].size()) || parts[0] == "und") return false;
  // ICU's own canonicalization first: it maps ISO 639-2 codes to their
  // two-letter forms (jaw to jw), which the alias table then replaces (jw
  // to jv); an ID it changes takes the full path. It loads no alias table.
  char canonical[ULOC_FULLNAME_CAPACITY];
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = uloc_canonicalize(id, canonical, sizeof canonical, &status);
  if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length >= (int32_t)sizeof canonical ||
      strcmp(canonical, id) != 0) {
    return false;
  }
  std::string script, region;
  for (size_t i = 1; i < count; i++) {
    const std::string &part = parts[i];
    if (i == 1 && is_script(part.data(), part.size())) {
      script = part;
    } else if (region.empty() && is_region(part.data(), part.size())) {
      region = part;
    } else {
      return false;
    }
  }
  // The keys an alias rule could match, for the language and for "und".
  std::string languageKeys[8];
  size_t keyCount = 0;
  for (const std::string &language : {parts[0], std::string("und")}) {
    languageKeys[keyCount++] = language;
    if (!script.empty()) languageKeys[keyCount++] = language + "_" + script;
    if (!region.empty()) languageKeys[keyCount++] = language + "_" + region;
    if (!script.empty() && !region.empty()) languageKeys[keyCount++] = language + "_" + script + "_" + region;
  }
  // Any failure to read the data means "not plain": the full path decides.
  UErrorCode ec = U_ZERO_ERROR;
  UResourceBundle *metadata = ures_openDirect(nullptr, "metadata", &ec);
  UResourceBundle *alias = ures_getByKey(metadata, "alias", nullptr, &ec);
  UResourceBundle *languages = ures_getByKey(alias, "language", nullptr, &ec);
  UResourceBundle *scripts = ures_getByKey(alias, "script", nullptr, &ec);
  UResourceBundle *territories = ures_getByKey(alias, "territory", nullptr, &ec);
  bool plain = U_SUCCESS(ec);
  for (size_t i = 0; plain && i < keyCount; i++) plain = !has_entry(languages, languageKeys[i]);
  if (plain && !script.empty()) plain = !has_entry(scripts, script);
  if (plain && !region.empty()) plain = !has_entry(territories, region);
  ures_close(territories);
  ures_close(scripts);
  ures_close(languages);
  ures_close(alias);
  ures_close(metadata);
  return plain;
}

extern "C" int32_t cicu_locale_canonical_alias(const char *id, char *out, int32_t capacity,
                                               int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  if (needs_no_alias_replacement(id)) return write_ascii(id, out, capacity, ec);
  return cicu_locale_canonical_alias_full(id, out, capacity, status);
}

extern "C" int32_t cicu_locale_canonical_alias_full(const char *id, char *out, int32_t capacity,
                                                    int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  Locale locale = Locale::createCanonical(id);
  if (locale.isBogus()) {
    *ec = U_ILLEGAL_ARGUMENT_ERROR;
    return 0;
  }
  return write_ascii(locale.getName(), out, capacity, ec);
}

extern "C" int32_t cicu_locale_numbering_system(const char *id, char *out, int32_t capacity,
                                                int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  std::unique_ptr<NumberingSystem> system(NumberingSystem::createInstance(Locale(id), *ec));
  if (U_FAILURE(*ec)) return 0;
  return write_ascii(system->getName(), out, capacity, ec);
}
