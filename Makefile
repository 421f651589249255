# Build and install posttim-report with its man page and shell completions.
#   make install PREFIX=/usr/local        (DESTDIR is honoured for packaging)
# The binary is built with the Swift standard library linked in, so it needs
# only Debian's libicu72 at run time (docs/install.md).
PREFIX ?= /usr/local
BIN := .build/release/posttim-report

.PHONY: build install uninstall
build:
	swift build -c release --static-swift-stdlib --disable-local-rpath

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/posttim-report
	$(BIN) --generate-manpage > $(DESTDIR)$(PREFIX)/share/man/man1/posttim-report.1
	$(BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/posttim-report
	$(BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_posttim-report
	$(BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/posttim-report.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/posttim-report $(DESTDIR)$(PREFIX)/share/man/man1/posttim-report.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/posttim-report \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_posttim-report \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/posttim-report.fish
