/*
 * test.h - the unit-test harness.  A test is a function declared with
 * TEST(name); files register themselves, so adding a test is adding a
 * function.  CHECK* record a failure and continue; the runner prints one
 * line per test and closes with "N passed, N failed".
 */
#ifndef SIMT_TEST_H
#define SIMT_TEST_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef void (*test_fn)(void);
void test_register(const char *name, test_fn fn, const char *file);
void test_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Directory of data-driven test files (tests/ of the source tree). */
const char *test_dir(void);

#define TEST(name)                                                             \
	static void name(void);                                                \
	__attribute__((constructor)) static void name##_register(void)         \
	{                                                                      \
		test_register(#name, name, __FILE__);                          \
	}                                                                      \
	static void name(void)

#define CHECK(c)                                                               \
	((c) ? (void)0 : test_fail(__FILE__, __LINE__, "CHECK(%s)", #c))
#define CHECK_EQ(a, b)                                                         \
	do {                                                                   \
		uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);               \
		if (a_ != b_)                                                  \
			test_fail(__FILE__, __LINE__,                          \
				  "%s == %s: 0x%" PRIx64 " != 0x%" PRIx64, #a, \
				  #b, a_, b_);                                 \
	} while (0)
#define CHECK_STR(a, b)                                                        \
	do {                                                                   \
		const char *a_ = (a), *b_ = (b);                               \
		if (!a_ || !b_ || strcmp(a_, b_) != 0)                         \
			test_fail(__FILE__, __LINE__, "%s == %s: \"%s\" != \"%s\"", \
				  #a, #b, a_ ? a_ : "(null)",                  \
				  b_ ? b_ : "(null)");                         \
	} while (0)

#endif
