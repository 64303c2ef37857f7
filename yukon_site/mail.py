"""The development mail backend: Django's console backend, but the body printed as plain
text that a person can read and copy.

Django builds a message with the email package's default policy, which folds at 78
characters: a body line longer than that (a password-reset link is) is sent
quoted-printable, so the console showed the link cut by soft line breaks (`=`) with `=3D`
for each `=`, and copying it broke it. Lines up to 998 characters are allowed by RFC 5322,
so with that limit the body goes as 7-bit (or 8-bit) text, unchanged."""

from __future__ import annotations

import email.policy

from django.core.mail.backends import console

READABLE = email.policy.default.clone(max_line_length=998)


class EmailBackend(console.EmailBackend):
    def write_message(self, message) -> None:
        msg = message.message(policy=READABLE)
        self.stream.write(msg.as_bytes().decode("utf-8", "replace") + "\n")
        self.stream.write("-" * 79 + "\n")
