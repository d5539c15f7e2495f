"""A small TextMate tokenizer that follows vscode-textmate's matching rules, over
Oniguruma (the regex engine VS Code uses), for testing `grammar/anim.tmLanguage.json`.

What it implements is what the grammar uses: `match`, `begin`/`end`, `name`,
`contentName`, `captures`/`beginCaptures`/`endCaptures`, `patterns` and `include`
of `#repository` rules and `$self`. Rules that follow vscode-textmate
(`src/grammar/grammar.ts`, `_tokenizeString` and `handleCaptures`; `src/rule.ts`):

- Each line is scanned with a `\\n` appended, so `$` matches at its end.
- At each position, every pattern of the rule on top of the stack (includes of
  pattern-only rules spliced in, in order) is searched at once; the earliest match wins,
  and among matches at the same position the first pattern. A `begin`/`end` rule's
  `end` pattern comes before its patterns.
- A `match` rule's `name` covers the whole match, its captures nest inside it; a
  `begin`/`end` rule's `name` covers begin, content and end, `contentName` the content.
- Captures nest by position, as `handleCaptures` does; empty captures are skipped.
- A rule that matches without advancing and without changing the stack ends the line,
  as vscode-textmate's endless-loop guard does.

Features the grammar does not use (`while`, back-references in `end`, `\\G`, captures
with `patterns`, injections) are refused, so a grammar that starts to use them fails
loudly here rather than being tokenized wrongly.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import onigurumacffi

UNSUPPORTED_KEYS = {"while", "injections", "injectionSelector", "applyEndPatternLast"}


@dataclass
class Rule:
    name: str | None = None
    content_name: str | None = None
    match: str | None = None
    begin: str | None = None
    end: str | None = None
    captures: dict = field(default_factory=dict)
    begin_captures: dict = field(default_factory=dict)
    end_captures: dict = field(default_factory=dict)
    patterns: list = field(default_factory=list)  # raw pattern dicts
    _scanner: tuple | None = None  # (compiled regset, [Rule or "end"])


class Grammar:
    def __init__(self, document: dict):
        self.document = document
        self.repository = document.get("repository", {})
        self.root = self._rule(document)
        self._rules: dict[int, Rule] = {}

    @classmethod
    def load(cls, path) -> "Grammar":
        with open(path, encoding="utf-8") as f:
            return cls(json.load(f))

    def _rule(self, raw: dict) -> Rule:
        bad = UNSUPPORTED_KEYS & raw.keys()
        if bad:
            raise NotImplementedError(f"unsupported grammar keys: {sorted(bad)}")
        for regex in (raw.get("match"), raw.get("begin"), raw.get("end")):
            if regex is not None and "\\G" in regex:
                raise NotImplementedError(f"\\G is not supported: {regex}")
        if raw.get("end") is not None and re.search(r"\\[1-9]", raw["end"]):
            raise NotImplementedError(f"back-references in end are not supported: {raw['end']}")
        for key in ("captures", "beginCaptures", "endCaptures"):
            for capture in raw.get(key, {}).values():
                if "patterns" in capture:
                    raise NotImplementedError("captures with patterns are not supported")
        begin_captures = raw.get("beginCaptures", raw.get("captures", {}))
        end_captures = raw.get("endCaptures", raw.get("captures", {}))
        return Rule(
            name=raw.get("name"),
            content_name=raw.get("contentName"),
            match=raw.get("match"),
            begin=raw.get("begin"),
            end=raw.get("end"),
            captures=raw.get("captures", {}),
            begin_captures=begin_captures,
            end_captures=end_captures,
            patterns=raw.get("patterns", []),
        )

    def _resolve(self, raw: dict) -> Rule:
        """The rule object for a pattern dict, one per dict (rules are compared by identity)."""
        key = id(raw)
        if key not in self._rules:
            self._rules[key] = self._rule(raw)
        return self._rules[key]

    def _collect(self, patterns: list, out: list, seen: set) -> None:
        """Flattens `patterns`: includes are looked up, pattern-only rules spliced in."""
        for raw in patterns:
            if "include" in raw:
                target = raw["include"]
                if target in ("$self", "$base"):
                    resolved = self.document
                elif target.startswith("#"):
                    resolved = self.repository[target[1:]]
                else:
                    raise NotImplementedError(f"include of another grammar: {target}")
            else:
                resolved = raw
            if "match" in resolved or "begin" in resolved:
                out.append(self._resolve(resolved))
            elif id(resolved) not in seen:  # a pattern-only rule: its patterns, once
                seen.add(id(resolved))
                self._collect(resolved.get("patterns", []), out, seen)

    def _scanner(self, rule: Rule) -> tuple:
        if rule._scanner is None:
            entries: list = []
            if rule.end is not None:
                entries.append("end")
            self._collect(rule.patterns, entries, set())
            regexes = [rule.end if e == "end" else (e.match if e.match is not None else e.begin) for e in entries]
            rule._scanner = (onigurumacffi.compile_regset(*regexes) if regexes else None, entries)
        return rule._scanner

    def tokenize(self, lines: list[str]) -> list[list[tuple[str, list[str]]]]:
        """Tokens of each line: (text, scopes from the outermost), state carried over."""
        base = [self.document["scopeName"]]
        # Stack entries: (rule, scopes of its name, scopes of its content, enter position)
        stack = [(self.root, base, base, -1)]
        result = []
        for line in lines:
            tokens, stack = self._tokenize_line(line, stack)
            result.append(tokens)
            stack = [(r, n, c, -1) for r, n, c, _ in stack]
        return result

    def _tokenize_line(self, line: str, stack: list):
        text = line + "\n"
        length = len(text)
        tokens: list[tuple[str, list[str]]] = []
        last = 0

        def produce(scopes: list[str], end: int) -> None:
            nonlocal last
            end = min(end, len(line))  # the appended newline is not a token
            if end > last:
                tokens.append((line[last:end], scopes))
                last = end

        pos = 0
        while pos < length:
            rule, name_scopes, content_scopes, _ = stack[-1]
            regset, entries = self._scanner(rule)
            index, m = regset.search(text, pos) if regset is not None else (-1, None)
            if m is None:
                produce(content_scopes, length)
                break
            start, end = m.span()
            advanced = end > pos
            entry = entries[index]
            produce(content_scopes, start)
            if entry == "end":
                self._captures(rule.end_captures, m, name_scopes, produce)
                produce(name_scopes, end)
                popped = stack.pop()
                if not advanced and popped[3] == pos:
                    stack.append(popped)
                    produce(content_scopes, length)
                    break
            elif entry.begin is not None:
                scopes = content_scopes + ([entry.name] if entry.name else [])
                self._captures(entry.begin_captures, m, scopes, produce)
                produce(scopes, end)
                inner = scopes + ([entry.content_name] if entry.content_name else [])
                stack.append((entry, scopes, inner, pos))
                if not advanced and stack[-2][0] is entry:
                    stack.pop()
                    produce(content_scopes, length)
                    break
            else:
                scopes = content_scopes + ([entry.name] if entry.name else [])
                self._captures(entry.captures, m, scopes, produce)
                produce(scopes, end)
                if not advanced:
                    produce(content_scopes, length)
                    break
            pos = max(pos, end)
        return tokens, stack

    @staticmethod
    def _captures(captures: dict, m, base: list[str], produce) -> None:
        """vscode-textmate's `handleCaptures`: each capture's scope nests inside the
        scopes of the captures that contain it."""
        if not captures:
            return
        limit = m.end(0)
        local: list[tuple[list[str], int]] = []
        for index in sorted(int(k) for k in captures):
            start, end = m.span(index)
            if start == end:
                continue
            if start > limit:
                break
            while local and local[-1][1] <= start:
                produce(*local.pop())
            outer = local[-1][0] if local else base
            produce(outer, start)
            name = captures[str(index)].get("name")
            local.append((outer + [name] if name else outer, end))
        while local:
            produce(*local.pop())
