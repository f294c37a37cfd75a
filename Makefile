# libmldsa: ML-DSA (FIPS 204) with a perlasm 4-way Keccak kernel.
# GNU Make only.  `make`, `make test`, `make speed`; see README.md.

# ---------------------------------------------------------------------------
# Variables users may set
# ---------------------------------------------------------------------------
CC       ?= cc
AR       ?= ar
PERL     ?= perl
CFLAGS   ?= -O2 -g
LDFLAGS  ?=
PREFIX   ?= /usr/local
LIBDIR   ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
DESTDIR  ?=
NO_ASM   ?=
# NO_OPENSSL=1 builds the tool without libcrypto (no encrypted keys).
NO_OPENSSL ?=
# OPENSSL: the prefix of another OpenSSL 3 to build the tool and the provider
# against, found by its lib/pkgconfig/libcrypto.pc alone (e.g.
# /opt/mldsa-openssl-3.5 from util/install-deps --openssl 3.5); the tests
# then run with its lib/ (LD_LIBRARY_PATH) and its openssl command (PATH).
OPENSSL  ?=
SANITIZE ?=
# CT=1: the constant-time annotations (include/internal/ct.h) become
# valgrind client requests; `make test-ct` builds and runs that way.
CT       ?=
# PCT=1: a pairwise consistency test after every key generation
# (include/mldsa.h, mldsa_self_test).
PCT      ?=
# CONTRACTS=1: every backend op checks the bounds ml_dsa_backend.h states
CONTRACTS ?=
# RUNNER: a command prefix that runs the built programs in make test and
# test-asm (an emulator for a cross build: 'qemu-s390x -L /usr/s390x-linux-gnu').
RUNNER   ?=
V        ?= 0
BUILD    ?= build
# Where libmldsa.a, libmldsa.so and the tool go (default: the repository root
# and apps/); a prefix such as OUT=build-x/ keeps parallel work trees apart.
OUT      ?=
ASMDIR   ?= $(BUILD)/asm
MLDSA_VECTORS ?=

# `make` defaults CC to cc; keep a user's CC from the environment or command line.
ifeq ($(origin CC),default)
CC := cc
endif

# ---------------------------------------------------------------------------
# Recorded settings: $(BUILD)/config.mk
# ---------------------------------------------------------------------------
# Each of CONFIG_VARS given on the command line or in the environment is
# written to $(BUILD)/config.mk (as RECORDED_VAR = value); a later make with
# the same BUILD that does not give it again uses the recorded value, not the
# default, so `make CFLAGS=-O3` then `make install` installs the -O3 build.
# Given again, a setting overrides and is recorded anew.  DESTDIR and V are
# never recorded.  `make config` shows them, `make distclean` forgets them.
CONFIG_VARS := CC AR PERL OBJCOPY CFLAGS CPPFLAGS LDFLAGS NO_ASM NO_OPENSSL OPENSSL \
               SANITIZE CT PCT CONTRACTS ASM_FLAVOUR RUNNER OUT PREFIX LIBDIR INCLUDEDIR \
               BINDIR MANDIR
CONFIG_MK := $(BUILD)/config.mk
-include $(CONFIG_MK)

# Non-empty when variable $(1) came from the command line (of this make or,
# through MAKEFLAGS, of the make that ran it) or from the environment.
config_given = $(filter command environment,$(firstword $(origin $(1))))
# Non-empty when $(BUILD)/config.mk holds a value for $(1).
config_recorded = $(filter file,$(origin RECORDED_$(1)))
# Where the value of $(1) comes from, for `make config`.
config_source = $(if $(call config_given,$(1)),$(origin $(1)),$(if \
    $(call config_recorded,$(1)),recorded,default))
# $(1) quoted for the shell.
sh_quote = '$(subst ','\'',$(1))'

# A setting not given now takes its recorded value (unexpanded, as given).
$(foreach v,$(CONFIG_VARS),$(if $(call config_given,$(v)),,$(if \
    $(call config_recorded,$(v)),$(eval $(v) = $$(RECORDED_$(v))))))

# Rewrite config.mk (only when its text changes) with every setting given
# now or recorded before, unless the goals only clean or print help.
# (a # is written \# so that it does not start a comment there).
hash := \#
config_line = RECORDED_$(1) = $(subst $(hash),\$(hash),$(if $(call config_given,$(1)),$(value \
    $(1)),$(value RECORDED_$(1))))
CONFIG_MK_LINES := '\# Build settings recorded by make (see make help); make distclean forgets them.' \
    $(foreach v,$(CONFIG_VARS),$(if $(or $(call config_given,$(v)),$(call \
    config_recorded,$(v))),$(call sh_quote,$(call config_line,$(v)))))
ifneq ($(or $(filter-out clean distclean help,$(MAKECMDGOALS)),$(if $(MAKECMDGOALS),,all)),)
$(shell mkdir -p $(BUILD) && printf '%s\n' $(CONFIG_MK_LINES) > $(CONFIG_MK).$$$$ && \
    { cmp -s $(CONFIG_MK).$$$$ $(CONFIG_MK) && rm -f $(CONFIG_MK).$$$$ || \
      mv -f $(CONFIG_MK).$$$$ $(CONFIG_MK); })
endif

# objcopy for the target: CC's cross prefix (x86_64-w64-mingw32-gcc gives
# x86_64-w64-mingw32-objcopy), or OBJCOPY=.  Without one (macOS), libmldsa.a
# keeps its internal symbols global.
CROSS_PREFIX := $(shell printf '%s\n' '$(notdir $(firstword $(CC)))' | \
    sed -n 's/^\(.*-\)\(gcc\|cc\|clang\)\(-[0-9.]*\)\{0,1\}$$/\1/p')
OBJCOPY  ?= $(CROSS_PREFIX)objcopy
HAVE_OBJCOPY := $(shell command -v $(OBJCOPY) 2>/dev/null)

VERSION   := 0.1.0
SOVERSION := 0

ifeq ($(V),1)
Q :=
quiet = @:
else
Q := @
quiet = @printf '  %-6s %s\n'
endif

# ---------------------------------------------------------------------------
# Target detection: x86-64 and aarch64 get the perlasm kernels unless NO_ASM=1.
# ---------------------------------------------------------------------------
# ARCH names the folders of architecture-specific sources (crypto/*/ARCH/):
# x86_64, aarch64, or portable (every other target, and NO_ASM=1).  A
# folder of crypto/ without an ARCH subfolder builds its portable/ one.
# CFLAGS take part: clang's --target=... there names the target.
TARGET_TRIPLE := $(shell $(CC) $(CFLAGS) -dumpmachine 2>/dev/null)
# The kernel generators of each architecture: aarch64's are named
# *-armv8*.pl, x86-64's are the others.
ASM_PERL_ALL := $(sort $(wildcard crypto/sha/asm/*.pl))
ASM_PERL_aarch64 := $(strip $(foreach f,$(ASM_PERL_ALL),$(if $(findstring -armv8,$(f)),$(f))))
ASM_PERL_x86_64 := $(filter-out $(ASM_PERL_aarch64),$(ASM_PERL_ALL))
# Windows (mingw-w64: x86_64-w64-mingw32, or clang's x86_64-w64-windows-gnu):
# PE objects, programs end in .exe, the shared library is a DLL with an
# import library, and the OS randomness is bcrypt's.
WINDOWS := $(if $(or $(findstring mingw,$(TARGET_TRIPLE)),$(findstring windows,$(TARGET_TRIPLE))),1)
EXE := $(if $(WINDOWS),.exe)
ARCH := portable
ifeq ($(strip $(NO_ASM)),)
  ifneq ($(filter x86_64-% amd64-%,$(TARGET_TRIPLE)),)
    ARCH := x86_64
  else ifneq ($(filter aarch64-% arm64-%,$(TARGET_TRIPLE)),)
    ARCH := aarch64
  endif
endif
# The generators this target builds (none for portable).
ASM_PERL := $(ASM_PERL_$(ARCH))
USE_ASM := $(if $(ASM_PERL),1)
# ASM_FLAVOUR, the perlasm output format, follows the target unless given:
# elf, macosx, mingw64 (or nasm) on x86-64, linux64, ios64, win64 on aarch64.
ifeq ($(strip $(ASM_FLAVOUR)),)
ifeq ($(ARCH),aarch64)
  ASM_FLAVOUR := $(if $(findstring darwin,$(TARGET_TRIPLE)),ios64,$(if $(WINDOWS),win64,linux64))
else ifneq ($(findstring darwin,$(TARGET_TRIPLE)),)
  ASM_FLAVOUR := macosx
else ifneq ($(WINDOWS),)
  ASM_FLAVOUR := mingw64
else
  ASM_FLAVOUR := elf
endif
endif
# The nasm flavour (Intel syntax, Win64) is assembled by NASM, -f win64.
NASM ?= nasm
ifeq ($(ASM_FLAVOUR),nasm)
  ifeq ($(WINDOWS),)
    $(error ASM_FLAVOUR=nasm needs a Windows target (CC=x86_64-w64-mingw32-gcc))
  endif
  ASM_EXT := asm
else
  ASM_EXT := s
endif

# ---------------------------------------------------------------------------
# Flags
# ---------------------------------------------------------------------------
WARN_CFLAGS := -Wall -Wextra -Werror
MLDSA_CPPFLAGS := -Iinclude -Icrypto
MLDSA_CFLAGS := -std=c11 $(WARN_CFLAGS) -fPIC -fvisibility=hidden \
                -D_DEFAULT_SOURCE -MMD -MP
ifdef USE_ASM
MLDSA_CPPFLAGS += -DKECCAK1600_ASM
endif
# mingw-w64's C99 printf family (%zu, %lld), not msvcrt's.
ifneq ($(WINDOWS),)
MLDSA_CPPFLAGS += -D__USE_MINGW_ANSI_STDIO=1
endif
ifneq ($(strip $(CT)),)
MLDSA_CPPFLAGS += -DML_DSA_CT
endif
ifneq ($(strip $(PCT)),)
MLDSA_CPPFLAGS += -DML_DSA_PCT
endif
ifneq ($(strip $(CONTRACTS)),)
MLDSA_CPPFLAGS += -DML_DSA_CONTRACTS
endif
ifneq ($(strip $(SANITIZE)),)
MLDSA_CFLAGS += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
SAN_LDFLAGS := -fsanitize=$(SANITIZE)
endif
# Reproducible builds: the tree's path becomes "." in the debug info of C
# and assembly objects (where CC knows -ffile-prefix-map, gcc 8 and clang 10
# on; clang's assembler takes its folder from -fdebug-compilation-dir only),
# and archives get zero dates and ids (ar D; not macOS's ar).
cc_accepts = $(shell $(CC) $(1) -E -x c /dev/null >/dev/null 2>&1 && echo $(1))
REPRO_FLAGS := $(call cc_accepts,-ffile-prefix-map=$(CURDIR)=.)
REPRO_ASFLAGS := $(REPRO_FLAGS) $(call cc_accepts,-fdebug-compilation-dir=.)
MLDSA_CFLAGS += $(REPRO_FLAGS)
# Windows: clang's address-significance table (.llvm_addrsig) is a section
# GNU ld places below the image base of a PE file, which Windows (and Wine)
# then refuse to load ("Bad EXE format"); gcc has no such table.
ifneq ($(WINDOWS),)
MLDSA_CFLAGS += $(call cc_accepts,-fno-addrsig)
endif
MLDSA_ARFLAGS := $(if $(findstring darwin,$(TARGET_TRIPLE)),rcs,rcsD)
ALL_CFLAGS  = $(MLDSA_CPPFLAGS) $(MLDSA_CFLAGS) $(CPPFLAGS) $(CFLAGS)
# Windows: libgcc (the thread-local emulation) linked in, so the DLL and
# the programs need no libgcc_s_seh-1.dll beside them.
OS_LDFLAGS := $(if $(WINDOWS),-static-libgcc)
ALL_LDFLAGS = $(SAN_LDFLAGS) $(OS_LDFLAGS) $(LDFLAGS)
# ELF shared objects (the library and the provider) bind every symbol at
# load and then make their relocations read-only (-z now, -z relro), where
# CC's linker takes them: no lazy binding, whose first call through the PLT
# runs the dynamic linker's resolver, which saves the vector registers (and
# so a seed or key being copied) on the stack.  Not for Windows or macOS
# (their linkers have no -z).
comma := ,
cc_links = $(shell printf 'int main(void) { return 0; }\n' | \
    $(CC) $(1) -x c -o /dev/null - >/dev/null 2>&1 && echo $(1))
BIND_NOW_LDFLAGS := $(if $(or $(WINDOWS),$(findstring darwin,$(TARGET_TRIPLE))),,\
    $(call cc_links,-Wl$(comma)-z$(comma)now -Wl$(comma)-z$(comma)relro))
# What every program linked with the library needs besides it.
SYS_LIBS := $(if $(WINDOWS),-lbcrypt)

# The tool (never the library) uses OpenSSL's libcrypto for encrypted
# PKCS#8 when pkg-config finds it and its headers work with $(CC) (a cross
# compiler does not get the host's).  With OPENSSL set, only its libcrypto.pc.
ifneq ($(strip $(OPENSSL)),)
ifeq ($(wildcard $(OPENSSL)/lib/pkgconfig/libcrypto.pc),)
$(error OPENSSL=$(OPENSSL): no $(OPENSSL)/lib/pkgconfig/libcrypto.pc (util/install-deps --openssl 3.5 builds one))
endif
OPENSSL_PC := PKG_CONFIG_LIBDIR=$(OPENSSL)/lib/pkgconfig PKG_CONFIG_PATH=
# How the tests run the programs linked with that libcrypto, and its openssl.
OPENSSL_RUN_ENV := LD_LIBRARY_PATH=$(call sh_quote,$(OPENSSL)/lib$(if $(LD_LIBRARY_PATH),:$(LD_LIBRARY_PATH))) \
    PATH=$(call sh_quote,$(OPENSSL)/bin:$(PATH))
endif
ifeq ($(strip $(NO_OPENSSL)),)
OPENSSL_CFLAGS := $(shell $(OPENSSL_PC) pkg-config --exists libcrypto 2>/dev/null && \
    printf '\043include <openssl/evp.h>\n' | \
    $(CC) $$($(OPENSSL_PC) pkg-config --cflags libcrypto) -E -x c - >/dev/null 2>&1 && \
    echo -DHAVE_OPENSSL $$($(OPENSSL_PC) pkg-config --cflags libcrypto))
endif
ifneq ($(strip $(OPENSSL_CFLAGS)),)
OPENSSL_LIBS := $(shell $(OPENSSL_PC) pkg-config --libs libcrypto)
# libssl too: the TLS 1.3 cases and the handshake benchmark (util/tls_pair.h)
OPENSSL_SSL_LIBS := $(shell $(OPENSSL_PC) pkg-config --libs libssl)
endif

# The OpenSSL 3 provider (providers/mldsa.so) needs libcrypto 3.0 or later
# (its headers working with $(CC), as above) and an ELF target; otherwise
# make says in one line why it is skipped, and its tests count as skipped.
ifneq ($(strip $(NO_OPENSSL)),)
PROVIDER_SKIP := NO_OPENSSL=1
else ifneq ($(WINDOWS),)
PROVIDER_SKIP := no provider module for a Windows target
else ifeq ($(strip $(OPENSSL_CFLAGS)),)
PROVIDER_SKIP := no OpenSSL 3 development files for $(CC) (pkg-config libcrypto; apt-get install libssl-dev)
else ifeq ($(shell $(OPENSSL_PC) pkg-config --atleast-version=3.0 libcrypto 2>/dev/null && echo 1),)
PROVIDER_SKIP := libcrypto $(shell $(OPENSSL_PC) pkg-config --modversion libcrypto 2>/dev/null) is older than 3.0
endif
PROVIDER := $(if $(PROVIDER_SKIP),,$(OUT)providers/mldsa.so)

# Check for a Windows target is the one util/install-deps --cross mingw
# builds into CROSS_DEPS (Debian has no mingw-w64 Check).
CROSS_DEPS ?= /opt/mldsa-cross/mingw64
CHECK_PC := $(if $(WINDOWS),PKG_CONFIG_LIBDIR=$(CROSS_DEPS)/lib/pkgconfig)
CHECK_CFLAGS := $(shell $(CHECK_PC) pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell $(CHECK_PC) pkg-config --libs check 2>/dev/null)

# ---------------------------------------------------------------------------
# Sources, per folder (sorted: the objects' order, and so the libraries'
# bytes, do not depend on the order of a folder's entries)
# ---------------------------------------------------------------------------
# The sources of $(1) this target builds: X_win32.c only for Windows,
# X_posix.c only for the others.
os_srcs = $(filter-out $(if $(WINDOWS),%_posix.c,%_win32.c),$(1))
# The architecture folder of each part of crypto/, or its portable one.
arch_srcs = $(foreach d,$(wildcard crypto/*/),$(or $(wildcard \
    $(d)$(ARCH)/*.c),$(wildcard $(d)portable/*.c)))
LIB_SRCS := $(sort $(wildcard crypto/*.c) \
            $(wildcard crypto/cpuid/*.c) \
            $(wildcard crypto/sha/*.c) \
            $(wildcard crypto/ml_dsa/*.c) \
            $(wildcard crypto/encode/*.c) \
            $(arch_srcs))
LIB_SRCS := $(call os_srcs,$(LIB_SRCS))
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o)

ifdef USE_ASM
LIB_ASM  := $(ASM_PERL:crypto/sha/asm/%.pl=$(BUILD)/crypto/sha/%.$(ASM_EXT))
LIB_OBJS += $(LIB_ASM:%.$(ASM_EXT)=%.o)
endif
PERLASM_DEPS := $(wildcard perlasm/*.pl perlasm/*.pm)

APP_SRCS := $(call os_srcs,$(sort $(wildcard apps/*.c)))
APP_OBJS := $(APP_SRCS:%.c=$(BUILD)/%.o)

PROV_SRCS := $(sort $(wildcard providers/*.c))
PROV_OBJS := $(PROV_SRCS:%.c=$(BUILD)/%.o)

TEST_SRCS := $(wildcard test/test_*.c)
TEST_BINS := $(TEST_SRCS:test/%.c=$(BUILD)/test/%$(EXE))
# The provider's suites (through EVP, with libcrypto).
PROVIDER_TEST_SRCS := $(wildcard test/test_provider*.c)
PROVIDER_TEST_BINS := $(PROVIDER_TEST_SRCS:test/%.c=$(BUILD)/test/%$(EXE))
TESTUTIL_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(filter-out $(TEST_SRCS),$(wildcard test/*.c)))
# fuzz_provider_decode and _alone link the provider's objects and
# libcrypto: only where the provider is built.
FUZZ_PROVIDER_SRCS := test/fuzz/fuzz_provider_decode.c test/fuzz/fuzz_provider_alone.c
FUZZ_SRCS := $(filter-out $(if $(PROVIDER),,$(FUZZ_PROVIDER_SRCS)),\
    $(wildcard test/fuzz/fuzz_*.c))
FUZZ_BINS := $(FUZZ_SRCS:test/fuzz/%.c=$(BUILD)/fuzz/%)
# the oracles every target may use
FUZZ_COMMON := test/fuzz/oracle.c

STATIC_LIB := $(OUT)libmldsa.a
# Every object with its symbols as compiled, for the suites, which call
# internal functions.
INTERNAL_LIB := $(BUILD)/libmldsa-internal.a
PUBLIC_OBJ := $(BUILD)/libmldsa.o
ifeq ($(WINDOWS),)
SHARED_LIB := $(OUT)libmldsa.so
SONAME     := libmldsa.so.$(SOVERSION)
# libmldsa.so.0 -> libmldsa.so beside it: what a program linked with -lmldsa
# asks for, so it runs from the tree with LD_LIBRARY_PATH.
SONAME_LINK := $(OUT)$(SONAME)
REALNAME   := libmldsa.so.$(VERSION)
else
# Windows: libmldsa-0.dll (the soname's part, in the DLL's name) and its
# import library libmldsa.dll.a, which -lmldsa finds before libmldsa.a.
SHARED_LIB := $(OUT)libmldsa-$(SOVERSION).dll
SONAME     := $(notdir $(SHARED_LIB))
IMPORT_LIB := $(OUT)libmldsa.dll.a
endif
APP        := $(OUT)apps/mldsa$(EXE)

.PHONY: prove all lib test check test-asm test-cpu test-ct ct-bins faults-bins test-diff test-provider \
        speed asm install uninstall clean distclean config help check-deps fuzz fuzz-bins
all: lib $(APP) $(PROVIDER)
# Without the provider, one line says why (from the make that was asked to
# build; no recipe on all, so that make -q all stays true).
ifeq ($(PROVIDER)$(MAKELEVEL),0)
ifneq ($(filter all test speed install fuzz,$(or $(MAKECMDGOALS),all)),)
$(info $(shell printf '  %-6s %s' SKIP 'providers/mldsa.so: $(PROVIDER_SKIP)'))
endif
endif
lib: $(STATIC_LIB) $(SHARED_LIB) $(SONAME_LINK) $(IMPORT_LIB)

# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------
# Changing the compiler, the flags or NO_ASM rebuilds everything: the stamp
# is rewritten only when the configuration string changes.
CONFIG_STAMP := $(BUILD)/config
CONFIG_STRING := $(CC) | $(ALL_CFLAGS) | $(ALL_LDFLAGS) | asm=$(USE_ASM) $(ASM_FLAVOUR) $(MLDSA_ASM) | $(OPENSSL_CFLAGS)
$(shell mkdir -p $(BUILD) && (printf '%s\n' $(call sh_quote,$(CONFIG_STRING)) | cmp -s - $(CONFIG_STAMP) || printf '%s\n' $(call sh_quote,$(CONFIG_STRING)) > $(CONFIG_STAMP)))

$(BUILD)/%.o: %.c $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/crypto/sha/%.s: crypto/sha/asm/%.pl $(PERLASM_DEPS) $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) PERLASM $@
	$(Q)CC="$(CC)" $(PERL) $< $(ASM_FLAVOUR) $@

$(BUILD)/crypto/sha/%.asm: crypto/sha/asm/%.pl $(PERLASM_DEPS) $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) PERLASM $@
	$(Q)NASM="$(NASM)" $(PERL) $< nasm $@

# Keep the generated assembly for reading and embedding.
.SECONDARY: $(LIB_ASM)

$(BUILD)/crypto/sha/%.o: $(BUILD)/crypto/sha/%.s
	$(quiet) AS $<
	$(Q)$(CC) $(REPRO_ASFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/crypto/sha/%.o: $(BUILD)/crypto/sha/%.asm
	$(quiet) NASM $<
	$(Q)$(NASM) -f win64 -o $@ $<

$(INTERNAL_LIB): $(LIB_OBJS)
	$(quiet) AR $@
	$(Q)rm -f $@ && $(AR) $(MLDSA_ARFLAGS) $@ $^

# libmldsa.a is one relocatable object whose only global symbols are mldsa_*:
# the internal names (SHA256, SHA3_*, ossl_*) are local, so the library links
# beside OpenSSL's libcrypto, which defines many of them too.
ifneq ($(WINDOWS),)
ifeq ($(HAVE_OBJCOPY),)
$(error no $(OBJCOPY): a Windows build needs objcopy for the DLL (give OBJCOPY=))
endif
endif
ifneq ($(HAVE_OBJCOPY),)
$(PUBLIC_OBJ): $(LIB_OBJS)
	$(quiet) LD $@
	$(Q)$(CC) -r -nostdlib -o $@.r $^ && \
	    $(OBJCOPY) -w --keep-global-symbol='mldsa_*' $@.r $@ && rm -f $@.r

$(STATIC_LIB): $(PUBLIC_OBJ)
else
$(STATIC_LIB): $(LIB_OBJS)
endif
	$(quiet) AR $@
	$(Q)rm -f $@ && $(AR) $(MLDSA_ARFLAGS) $@ $^

ifeq ($(WINDOWS),)
$(SHARED_LIB): $(LIB_OBJS) util/libmldsa.map
	$(quiet) LD $@
	$(Q)$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=util/libmldsa.map \
	    $(BIND_NOW_LDFLAGS) -o $@ $(LIB_OBJS) $(ALL_LDFLAGS)

$(SONAME_LINK): $(SHARED_LIB)
	$(quiet) LN $@
	$(Q)ln -sf $(notdir $(SHARED_LIB)) $@
else
# The DLL exports every global symbol of the public object, whose only
# globals are mldsa_* (test/cross_windows.sh checks the export table), and
# writes the import library beside it; nothing of the static libraries
# (libgcc's __emutls_get_address, for _Thread_local) is exported.
$(SHARED_LIB): $(PUBLIC_OBJ)
	$(quiet) LD $@
	$(Q)$(CC) -shared -Wl,--export-all-symbols -Wl,--exclude-libs,ALL -Wl,--out-implib,$(IMPORT_LIB) \
	    -o $@ $(PUBLIC_OBJ) $(ALL_LDFLAGS) $(SYS_LIBS)

$(IMPORT_LIB): $(SHARED_LIB)
endif

$(BUILD)/apps/%.o: apps/%.c $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) $(OPENSSL_CFLAGS) -c -o $@ $<

# The tool uses only include/mldsa.h: it links the public archive.
$(APP): $(APP_OBJS) $(STATIC_LIB)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) -o $@ $(APP_OBJS) $(STATIC_LIB) $(ALL_LDFLAGS) $(OPENSSL_LIBS) $(SYS_LIBS)

# The provider module: its objects see libcrypto's headers and
# include/mldsa.h; it links the public archive, whose symbols stay local
# (--exclude-libs), and exports OSSL_provider_init alone (providers/mldsa.map).
PROV_LDFLAGS := -shared -Wl,--version-script=providers/mldsa.map -Wl,--exclude-libs,ALL \
    $(if $(SANITIZE),,-Wl,--no-undefined) $(BIND_NOW_LDFLAGS)
$(BUILD)/providers/%.o: providers/%.c $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) $(OPENSSL_CFLAGS) -c -o $@ $<

$(OUT)providers/mldsa.so: $(PROV_OBJS) $(STATIC_LIB) providers/mldsa.map
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(PROV_LDFLAGS) -o $@ $(PROV_OBJS) $(STATIC_LIB) $(ALL_LDFLAGS) $(OPENSSL_LIBS)

$(BUILD)/test/%.o: test/%.c $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Itest -c -o $@ $<

$(BUILD)/test/test_%$(EXE): $(BUILD)/test/test_%.o $(TESTUTIL_OBJS) $(INTERNAL_LIB)
	$(quiet) LD $@
	$(Q)$(CC) -o $@ $< $(TESTUTIL_OBJS) $(INTERNAL_LIB) $(ALL_LDFLAGS) $(CHECK_LIBS) $(SYS_LIBS)

# The provider's suites go through EVP: they see libcrypto and link the
# public archive (whose only globals are mldsa_*) beside it; without the
# provider each is built as one skipped case that names the reason.
ifneq ($(PROVIDER),)
TEST_PROVIDER_CFLAGS := $(OPENSSL_CFLAGS) -DTEST_PROVIDER_MODULE='"$(abspath $(PROVIDER))"'
TEST_PROVIDER_LIBS := $(STATIC_LIB) $(OPENSSL_LIBS) -lpthread
# the suite beside OpenSSL 3.5's own ML-DSA has the TLS 1.3 handshakes
$(BUILD)/test/test_provider_builtin$(EXE): TEST_PROVIDER_LIBS += $(OPENSSL_SSL_LIBS)
$(BUILD)/test/test_provider_builtin.o: util/tls_pair.h
else
TEST_PROVIDER_CFLAGS := -DTEST_PROVIDER_SKIP=$(call sh_quote,"$(PROVIDER_SKIP)")
endif
$(PROVIDER_TEST_SRCS:test/%.c=$(BUILD)/test/%.o): $(BUILD)/test/%.o: test/%.c $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $<
	$(Q)$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) $(TEST_PROVIDER_CFLAGS) -Itest -c -o $@ $<

$(PROVIDER_TEST_BINS): $(BUILD)/test/%$(EXE): $(BUILD)/test/%.o $(TESTUTIL_OBJS) $(STATIC_LIB) $(PROVIDER)
	$(quiet) LD $@
	$(Q)$(CC) -o $@ $< $(TESTUTIL_OBJS) $(TEST_PROVIDER_LIBS) $(ALL_LDFLAGS) $(CHECK_LIBS) $(SYS_LIBS)

# Frama-C WP proofs of the C core's contracts and absence of run-time
# errors (util/prove, doc/proofs.md); util/install-deps --prove installs it.
prove:
	@util/prove

# Check (the test framework) must be there before the suites compile.
check-deps:
	@$(CHECK_PC) util/check-deps $(if $(WINDOWS),--cross mingw)

# What util/run-tests needs to know (and, with OPENSSL, where that OpenSSL is).
RUN_TESTS = $(OPENSSL_RUN_ENV) MLDSA_VECTORS="$(MLDSA_VECTORS)" CC="$(CC)" LDFLAGS="$(ALL_LDFLAGS)" \
    MLDSA_PROVIDER=$(call sh_quote,$(if $(PROVIDER),$(abspath $(PROVIDER)))) \
    MLDSA_PROVIDER_SKIP=$(call sh_quote,$(PROVIDER_SKIP)) \
    RUNNER=$(call sh_quote,$(RUNNER)) util/run-tests $(BUILD)/test $(APP)

test: check-deps
	@$(MAKE) --no-print-directory all $(TEST_BINS)
	@$(RUN_TESTS)

# The provider's suites alone (test/test_provider*.c, test/test_provider.sh):
# with OPENSSL=PREFIX, the openssl-3.5 stage of .ci/run.
test-provider: check-deps
	@$(MAKE) --no-print-directory all $(PROVIDER_TEST_BINS)
	@MLDSA_TESTS='test_provider*' $(RUN_TESTS)

check: test

# libFuzzer targets (clang): the library instrumented for the fuzzer and
# built with ASan + UBSan in build-fuzz/; test/fuzz/run.sh runs them for a
# fixed count, and FUZZ_SECONDS=N runs each for N seconds here; both start
# from the seeds test/fuzz/seed.sh makes of the vectors (MLDSA_VECTORS).
FUZZ_SECONDS ?=
FUZZ_VECTORS := $(or $(MLDSA_VECTORS),test/vectors)
fuzz:
	@$(MAKE) --no-print-directory CC=clang BUILD=build-fuzz OUT=build-fuzz/ \
	    SANITIZE=fuzzer-no-link,address,undefined fuzz-bins
ifneq ($(strip $(FUZZ_SECONDS)),)
	@test/fuzz/seed.sh $(call sh_quote,$(FUZZ_VECTORS)) build-fuzz/seeds
	@for t in $(FUZZ_SRCS:test/fuzz/%.c=%); do \
	    mkdir -p build-fuzz/corpus/$$t build-fuzz/seeds/$$t; \
	    echo "== $$t: $(FUZZ_SECONDS) s"; \
	    build-fuzz/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) -max_len=16384 \
	        build-fuzz/corpus/$$t build-fuzz/seeds/$$t || exit 1; \
	done
endif

fuzz-bins: $(FUZZ_BINS)

$(BUILD)/fuzz/%: test/fuzz/%.c $(FUZZ_COMMON) test/fuzz/oracle.h $(STATIC_LIB) $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) FUZZ $@
	$(Q)$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_COMMON) \
	    $(STATIC_LIB) $(ALL_LDFLAGS) -fsanitize=fuzzer

# The provider's decoders, the provider linked in (OSSL_PROVIDER_add_builtin);
# fuzz_provider_alone is fuzz_provider_decode without the default provider.
$(FUZZ_PROVIDER_SRCS:test/fuzz/%.c=$(BUILD)/fuzz/%): $(BUILD)/fuzz/%: test/fuzz/%.c \
        test/fuzz/fuzz_provider_decode.c $(FUZZ_COMMON) test/fuzz/oracle.h $(PROV_OBJS) \
        $(STATIC_LIB) $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) FUZZ $@
	$(Q)$(CC) $(ALL_CFLAGS) $(OPENSSL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_COMMON) \
	    $(PROV_OBJS) $(STATIC_LIB) $(ALL_LDFLAGS) $(OPENSSL_LIBS) -fsanitize=fuzzer

# The constant-time harness (test/ct/): the CT=1 library with the default
# optimisation, and the portable (NO_ASM=1) one, each in its own folder,
# run under valgrind memcheck by test/ct/run.sh; and, where clang is
# (CT_MSAN_CC, Debian's clang 14: util/install-deps --all), one with
# MemorySanitizer for the three AVX-512 backends, which valgrind cannot run
# (without clang, their groups are counted skips).
CT_MSAN_CC ?= clang
test-ct:
	@$(MAKE) --no-print-directory CT=1 BUILD=build-ct OUT=build-ct/ ct-bins
	@$(MAKE) --no-print-directory CT=1 NO_ASM=1 BUILD=build-ct-noasm \
	    OUT=build-ct-noasm/ ct-bins
	@if command -v $(CT_MSAN_CC) >/dev/null 2>&1; then \
	    $(MAKE) --no-print-directory CT=1 CC=$(CT_MSAN_CC) SANITIZE=memory \
	        BUILD=build-ct-msan OUT=build-ct-msan/ ct-bins || exit 1; \
	    test/ct/run.sh build-ct build-ct-noasm build-ct-msan; \
	else \
	    CT_MSAN=none test/ct/run.sh build-ct build-ct-noasm; \
	fi

ct-bins: $(BUILD)/ct/ct_check

# (the internal archive: the harness's planted leaks use internal names)
$(BUILD)/ct/ct_check: test/ct/ct_check.c $(INTERNAL_LIB) $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< $(INTERNAL_LIB) $(ALL_LDFLAGS) $(SYS_LIBS)

# The self-tests' fault injection (test/test_selftest_faults.sh builds it
# with PCT=1 and -DML_DSA_SELF_TEST_FAULTS in a folder of its own).
faults-bins: $(BUILD)/faults/selftest_faults$(EXE)

$(BUILD)/faults/selftest_faults$(EXE): test/faults/selftest_faults.c $(INTERNAL_LIB) $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< $(INTERNAL_LIB) $(ALL_LDFLAGS) $(SYS_LIBS)

# Differential verify against OpenSSL through Python cryptography
# (test/diff/): DIFF_CASES=N cases (default 20000), DIFF_SEED to replay.
test-diff: $(BUILD)/diff/verify_batch
	@python3 test/diff/diff_verify.py $(BUILD)/diff/verify_batch

$(BUILD)/diff/verify_batch: test/diff/verify_batch.c $(STATIC_LIB) $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< $(STATIC_LIB) $(ALL_LDFLAGS) $(SYS_LIBS)

# The suites under qemu-user's CPU models: Nehalem and Haswell (x86-64), max and
# cortex-a72 with MLDSA_ARMCAP masks (aarch64: test/cross.sh aarch64 test-cpu).
test-cpu: check-deps
	@$(MAKE) --no-print-directory all $(TEST_BINS)
	@test/cpu_matrix.sh $(BUILD)/test $(APP)

# The assembler matrix of the target's architecture (aarch64's, or x86-64's).
test-asm: check-deps
	@CC="$(CC)" PERL="$(PERL)" RUNNER=$(call sh_quote,$(RUNNER)) \
	    test/asm_matrix$(if $(filter aarch64-% arm64-%,$(TARGET_TRIPLE)),_aarch64).sh

# Under an emulator (RUNNER), the backend sides of mldsa speed are started
# through it too (MLDSA_RUNNER).  make speed ends with the provider's rows
# (util/provider-speed.c): the key object and the provider through EVP,
# side by side in one run (natively: the module is the host's).
# Then TLS 1.3 handshakes per second with an ML-DSA-65 certificate, a
# server without the provider against one with it (util/provider-tls-speed.c:
# both ends in one process over a BIO pair, 3 seconds; OpenSSL 3.2+).  Under
# qemu-user (a RUNNER of qemu-ARCH, as test/cross.sh ARCH speed [CPU] sets
# it), where time means nothing, it prints the same cells in executed
# instructions instead (util/icount-speed, under RUNNER's -cpu).
PROVIDER_SPEED := $(BUILD)/util/provider-speed
PROVIDER_TLS_SPEED := $(BUILD)/util/provider-tls-speed
ifneq ($(filter qemu-%,$(firstword $(RUNNER))),)
speed: all
	@cpu=$$(printf '%s\n' $(RUNNER) | sed -n '/^-cpu$$/{n;p;}'); \
	    ICOUNT_QEMU=$(call sh_quote,$(RUNNER)) util/icount-speed $${cpu:+-c "$$cpu"} $(APP)
else
speed: all $(if $(PROVIDER),$(PROVIDER_SPEED) $(PROVIDER_TLS_SPEED))
	@MLDSA_RUNNER=$(call sh_quote,$(RUNNER)) $(RUNNER) $(APP) speed
ifneq ($(PROVIDER),)
	@$(OPENSSL_RUN_ENV) $(PROVIDER_SPEED) $(abspath $(PROVIDER))
	@$(OPENSSL_RUN_ENV) $(PROVIDER_TLS_SPEED) $(abspath $(PROVIDER))
else
	@echo "provider rows skipped: $(PROVIDER_SKIP)"
endif
endif

$(PROVIDER_TLS_SPEED): util/provider-tls-speed.c util/tls_pair.h $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(OPENSSL_CFLAGS) -o $@ $< $(ALL_LDFLAGS) $(OPENSSL_SSL_LIBS) $(OPENSSL_LIBS)

$(PROVIDER_SPEED): util/provider-speed.c util/bench_median.h util/bench_ticks.h $(STATIC_LIB) $(CONFIG_STAMP)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(OPENSSL_CFLAGS) -o $@ $< $(STATIC_LIB) $(ALL_LDFLAGS) $(OPENSSL_LIBS)

# Every flavour of every architecture's kernels, standing alone, for
# embedding in other trees.
asm: $(ASM_PERL_ALL) $(PERLASM_DEPS)
	@mkdir -p $(ASMDIR)
	$(Q)for pl in $(ASM_PERL_ALL); do \
	    base=$$(basename $$pl .pl); \
	    case " $(ASM_PERL_aarch64) " in \
	    *" $$pl "*) flavours="linux64 ios64 win64";; \
	    *) flavours="elf macosx mingw64 nasm";; \
	    esac; \
	    for fl in $$flavours; do \
	        case $$fl in nasm) ext=asm;; *) ext=s;; esac; \
	        printf '  %-6s %s\n' PERLASM $(ASMDIR)/$$base-$$fl.$$ext; \
	        CC="$(CC)" $(PERL) $$pl $$fl $(ASMDIR)/$$base-$$fl.$$ext || exit 1; \
	    done; \
	done

# The shared library as each system installs it: the versioned file and its
# soname and development links in LIBDIR, or on Windows the DLL in BINDIR
# (beside the programs that load it) and its import library in LIBDIR.
ifeq ($(WINDOWS),)
INSTALLED_SHARED := $(LIBDIR)/libmldsa.so $(LIBDIR)/$(SONAME) $(LIBDIR)/$(REALNAME)
install_shared = install -m 755 $(SHARED_LIB) $(DESTDIR)$(LIBDIR)/$(REALNAME) && \
    ln -sf $(REALNAME) $(DESTDIR)$(LIBDIR)/$(SONAME) && \
    ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libmldsa.so
else
INSTALLED_SHARED := $(BINDIR)/$(SONAME) $(LIBDIR)/libmldsa.dll.a
install_shared = install -m 755 $(SHARED_LIB) $(DESTDIR)$(BINDIR)/$(SONAME) && \
    install -m 644 $(IMPORT_LIB) $(DESTDIR)$(LIBDIR)/libmldsa.dll.a
endif

install: all
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(BINDIR) \
	    $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3
	install -m 644 include/mldsa.h $(DESTDIR)$(INCLUDEDIR)/mldsa.h
	install -m 644 $(STATIC_LIB) $(DESTDIR)$(LIBDIR)/libmldsa.a
	$(install_shared)
	install -m 755 $(APP) $(DESTDIR)$(BINDIR)/mldsa$(EXE)
	install -m 644 doc/mldsa.1 $(DESTDIR)$(MANDIR)/man1/mldsa.1
	install -m 644 doc/libmldsa.3 $(DESTDIR)$(MANDIR)/man3/libmldsa.3
ifneq ($(PROVIDER),)
	install -d $(DESTDIR)$(LIBDIR)/ossl-modules
	install -m 755 $(PROVIDER) $(DESTDIR)$(LIBDIR)/ossl-modules/mldsa.so
endif
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    -e 's|@LIBS_PRIVATE@|$(SYS_LIBS)|' \
	    util/mldsa.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/mldsa.pc

uninstall:
	rm -f $(DESTDIR)$(INCLUDEDIR)/mldsa.h $(DESTDIR)$(LIBDIR)/libmldsa.a \
	    $(addprefix $(DESTDIR),$(INSTALLED_SHARED)) \
	    $(DESTDIR)$(BINDIR)/mldsa$(EXE) $(DESTDIR)$(LIBDIR)/pkgconfig/mldsa.pc \
	    $(DESTDIR)$(MANDIR)/man1/mldsa.1 $(DESTDIR)$(MANDIR)/man3/libmldsa.3 \
	    $(DESTDIR)$(LIBDIR)/ossl-modules/mldsa.so

# clean keeps $(BUILD)/config.mk, the recorded settings; distclean removes
# them, and every build folder the Makefile's targets (test-ct, fuzz),
# .ci/run and test/cross.sh make, and the outputs at the root.
DISTCLEAN_DIRS := build build-ct build-ct-noasm build-ct-msan build-faults build-fuzz \
                  build-asan build-noasm build-pct build-clang build-s390x build-aarch64 \
                  $(wildcard build-win-*)
clean:
	rm -rf $(filter-out $(CONFIG_MK),$(wildcard $(BUILD)/* $(BUILD)/.[!.]*)) \
	    $(STATIC_LIB) $(SHARED_LIB) $(SONAME_LINK) $(IMPORT_LIB) $(APP) $(OUT)providers/mldsa.so

distclean: clean
	rm -rf $(sort $(BUILD) $(DISTCLEAN_DIRS)) libmldsa.a libmldsa.so $(SONAME) apps/mldsa \
	    libmldsa-0.dll libmldsa.dll.a apps/mldsa.exe providers/mldsa.so

# The settings this build uses, where each comes from (given on the command
# line or in the environment, recorded in config.mk, or the default), and
# what the Makefile derived from them.
config:
	@echo "settings (recorded in $(CONFIG_MK)):"
	@printf '  %-11s = %s  [%s]\n' $(foreach v,$(CONFIG_VARS),$(call \
	    sh_quote,$(v)) $(call sh_quote,$($(v))) $(call sh_quote,$(call config_source,$(v))))
	@echo "derived:"
	@printf '  %-11s = %s\n' \
	    'target' $(call sh_quote,$(TARGET_TRIPLE)) \
	    'ARCH' $(call sh_quote,$(ARCH)) \
	    'assembly' $(call sh_quote,$(if $(USE_ASM),perlasm $(ASM_FLAVOUR),none)) \
	    'repro' $(call sh_quote,$(or $(strip $(REPRO_ASFLAGS)),none (CC takes no prefix map))) \
	    'objcopy' $(call sh_quote,$(if $(HAVE_OBJCOPY),$(HAVE_OBJCOPY),none (libmldsa.a keeps internal globals))) \
	    'libcrypto' $(call sh_quote,$(if $(OPENSSL_LIBS),$(strip $(OPENSSL_LIBS)) (the tool and the provider),no)) \
	    'provider' $(call sh_quote,$(or $(PROVIDER),skipped: $(PROVIDER_SKIP))) \
	    'outputs' $(call sh_quote,$(STATIC_LIB) $(SHARED_LIB) $(SONAME_LINK) $(APP)) \
	    'version' $(call sh_quote,$(VERSION) (soname $(SONAME)))

help:
	@echo 'Targets:'
	@echo '  all (default)  libmldsa.a, libmldsa.so (+ libmldsa.so.0 link), apps/mldsa and,'
	@echo '                 with OpenSSL 3 development files, the provider providers/mldsa.so'
	@echo '  lib            the two libraries only'
	@echo '  test, check    build and run every suite; one "N passed, N failed, N skipped" line'
	@echo '  test-asm       the assembler matrix (test/asm_matrix.sh; aarch64 CC: test/asm_matrix_aarch64.sh)'
	@echo '  test-cpu       the suites under qemu-user CPU models (x86-64: without AVX-512/AVX2; aarch64: with and without SHA-3)'
	@echo '  test-ct        constant-time checks under valgrind (and MSan with clang)'
	@echo '  test-diff      differential verify against OpenSSL (Python cryptography)'
	@echo '  test-provider  the provider'"'"'s suites alone (with OPENSSL=: against that OpenSSL)'
	@echo '  prove          Frama-C WP proofs of the C core (doc/proofs.md); one line a file'
	@echo '  fuzz           the libFuzzer targets in build-fuzz/ (FUZZ_SECONDS=N runs them)'
	@echo '  speed          build, then print the keygen/sign/verify cycle table (and the provider'"'"'s);'
	@echo '                 under qemu-user (RUNNER=qemu-ARCH ..., test/cross.sh ARCH speed [CPU]):'
	@echo '                 the instruction counts of util/icount-speed'
	@echo '  asm            every assembly flavour in $$(BUILD)/asm, for embedding'
	@echo '  install        header, libraries, tool, mldsa.pc, man pages under DESTDIR+PREFIX,'
	@echo '                 and the OpenSSL provider in LIBDIR/ossl-modules when it is built'
	@echo '  uninstall      remove what install put there'
	@echo '  config         print the settings, where each comes from, and the derived ones'
	@echo '  clean          remove what the build made in BUILD and OUT, keep config.mk'
	@echo '  distclean      clean, then config.mk and every build-* folder of these targets'
	@echo '  help           this list'
	@echo 'Variables (* recorded in $$(BUILD)/config.mk when given, used by later makes):'
	@echo '  CC*            C compiler (default cc)'
	@echo '  AR*            archiver (default ar)'
	@echo '  PERL*          perl for the assembly generators (default perl)'
	@echo '  OBJCOPY*       objcopy for the target (default: CC'"'"'s cross prefix + objcopy)'
	@echo '  CFLAGS*        compiler flags (default -O2 -g; -std=c11 -Wall -Wextra -Werror added)'
	@echo '  CPPFLAGS*      preprocessor flags'
	@echo '  LDFLAGS*       linker flags'
	@echo '  NO_ASM*        1: portable C only, the generic backend'
	@echo '  NO_OPENSSL*    1: the tool without libcrypto (no encrypted keys)'
	@echo '  OPENSSL*       prefix of the OpenSSL 3 to build the tool and provider against, by its'
	@echo '                 lib/pkgconfig alone (default: pkg-config'"'"'s libcrypto; PKG_CONFIG_PATH'
	@echo '                 works too); tests run with its lib/ and bin/ first. util/install-deps'
	@echo '                 --openssl 3.5 builds /opt/mldsa-openssl-3.5'
	@echo '  SANITIZE*      e.g. address,undefined: build everything with those sanitizers'
	@echo '  CT*            1: constant-time annotations as valgrind requests (make test-ct)'
	@echo '  PCT*           1: a pairwise consistency test after every key generation'
	@echo '  CONTRACTS*     1: every backend op checks at entry and exit the bounds of ml_dsa_backend.h'
	@echo '  ASM_FLAVOUR*   perlasm output: elf, macosx, mingw64, nasm (Windows) on x86-64; linux64, ios64, win64 on aarch64 (default: from the target)'
	@echo '  NASM           the assembler of the nasm flavour (default nasm)'
	@echo '  CROSS_DEPS     where install-deps --cross mingw put Check (default /opt/mldsa-cross/mingw64)'
	@echo '  RUNNER*        command that runs the built programs (an emulator for a cross build)'
	@echo '  OUT*           prefix of libmldsa.a, libmldsa.so and apps/mldsa (e.g. build-x/)'
	@echo '  PREFIX*        install prefix (default /usr/local)'
	@echo '  LIBDIR*        default PREFIX/lib'
	@echo '  INCLUDEDIR*    default PREFIX/include'
	@echo '  BINDIR*        default PREFIX/bin'
	@echo '  MANDIR*        default PREFIX/share/man'
	@echo '  DESTDIR        staging root for install and uninstall'
	@echo '  BUILD          build folder, holds config.mk (default build)'
	@echo '  V              1: show the full commands'
	@echo '  MLDSA_VECTORS  the vectors folder for the tests (default test/vectors)'
	@echo '  MLDSA_ASM      (environment) assembler to assume, e.g. "gnu-as 2.25"'
	@echo 'A setting given again on the command line or in the environment overrides the'
	@echo 'recorded one and is recorded instead; make config shows them.'

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
