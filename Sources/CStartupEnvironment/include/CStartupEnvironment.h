// CStartupEnvironment: variables of the caller's environment that would
// replace ICU's data or start a program on a crash are removed by a C
// constructor, before ICU or the Swift runtime read them. It has no API;
// linking this target in is what turns it on.
#ifndef CSTARTUPENVIRONMENT_H
#define CSTARTUPENVIRONMENT_H

#endif
