#!/usr/bin/env python3
"""README.md's rule table follows checks/Rules.def: the same rule ids in the same order (both
COOPCHECK_RULE and COOPCHECK_EXECUTOR_RULE entries), each row's level column starting with the
rule's default level, and each row linking docs/checks/<id>.md (a page that exists). The index
docs/checks/README.md, which `coopcheck --list-checks --format=markdown` generates, is held to the
same table exactly (level and short description included), without building coopcheck.

Usage: readme_rules.py [--root DIR]   (default: the checkout holding this script). Exit 0 when
they agree, 1 with one line per difference otherwise.
"""
import argparse, os, re, sys

LEVELS = {'Error': 'error', 'Warning': 'warning', 'Note': 'note'}
ROW_RE = re.compile(
    r'^\| \[(?P<id>[^\]]*)\]\((?P<link>[^)]*)\) \|(?P<level>[^|]*)\|(?P<text>.*)\|\s*$')
IDENT_RE = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
ESCAPES = {'n': '\n', 't': '\t', '\\': '\\', '"': '"', "'": "'"}


class Rule:
    def __init__(self, macro, args, line):
        self.macro, self.line = macro, line
        want = 7 if macro == 'COOPCHECK_RULE' else 6
        if len(args) != want:
            raise ValueError(f'Rules.def:{line}: {macro} has {len(args)} arguments, wanted {want}')
        if macro == 'COOPCHECK_RULE':
            self.id, self.check_class, level, self.precision, self.executor, self.short, \
                self.full = args
        else:
            self.id, level, self.precision, self.executor, self.short, self.full = args
            self.check_class = None
        if not isinstance(self.id, str) or level not in LEVELS or not isinstance(self.short, str):
            raise ValueError(f'Rules.def:{line}: cannot read {macro}({", ".join(map(str, args))})')
        self.level = LEVELS[level]


def tokens(text):
    """C tokens of Rules.def with their lines: ('str', value), ('id', name), ('punct', c).
    Comments are skipped; preprocessor lines come back as ('pp', line)."""
    i, line, n = 0, 1, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == '\n':
            line, i, at_line_start = line + 1, i + 1, True
            continue
        if c in ' \t\r':
            i += 1
            continue
        if text.startswith('//', i):
            end = text.find('\n', i)
            i = n if end < 0 else end
            continue
        if text.startswith('/*', i):
            end = text.find('*/', i + 2)
            end = n if end < 0 else end + 2
            line += text.count('\n', i, end)
            i = end
            continue
        if c == '#' and at_line_start:  # a directive, with its continuation lines
            start = i
            while i < n and (text[i] != '\n' or text[i - 1] == '\\'):
                if text[i] == '\n':
                    line += 1
                i += 1
            yield 'pp', text[start:i], line
            continue
        at_line_start = False
        if c == '"':
            j, value = i + 1, []
            while j < n and text[j] != '"':
                if text[j] == '\n':
                    raise ValueError(f'Rules.def:{line}: unterminated string literal')
                if text[j] == '\\' and j + 1 < n:
                    esc = text[j + 1]
                    value.append(ESCAPES.get(esc, esc))
                    j += 2
                else:
                    value.append(text[j])
                    j += 1
            yield 'str', ''.join(value), line
            i = j + 1
            continue
        m = IDENT_RE.match(text, i)
        if m:
            yield 'id', m.group(0), line
            i = m.end()
            continue
        yield 'punct', c, line
        i += 1


def parse_rules_def(path):
    """The rules of Rules.def in order; adjacent string literals concatenated like C does."""
    with open(path, encoding='utf-8') as f:
        toks = list(tokens(f.read()))
    rules, k = [], 0
    while k < len(toks):
        kind, value, line = toks[k]
        if kind == 'id' and value in ('COOPCHECK_RULE', 'COOPCHECK_EXECUTOR_RULE') and \
                k + 1 < len(toks) and toks[k + 1][1] == '(':
            k += 2
            args, current, depth = [], None, 0
            while k < len(toks):
                t_kind, t_value, _ = toks[k]
                if t_kind == 'punct' and t_value == ')' and depth == 0:
                    break
                if t_kind == 'punct' and t_value == ',' and depth == 0:
                    args.append(current)
                    current = None
                elif t_kind == 'str':
                    current = (current if isinstance(current, str) else '') + t_value
                else:
                    depth += {'(': 1, ')': -1}.get(t_value, 0) if t_kind == 'punct' else 0
                    current = t_value if current is None else f'{current} {t_value}'
                k += 1
            else:
                raise ValueError(f'Rules.def:{line}: {value}( is never closed')
            args.append(current)
            rules.append(Rule(value, args, line))
        k += 1
    return rules


def parse_table(path):
    """The rows of a Markdown table of rules: lines that start with '| [cg-'."""
    rows = []
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            if not line.startswith('| [cg-'):
                continue
            m = ROW_RE.match(line)
            if not m:
                rows.append({'line': n, 'id': None, 'raw': line.rstrip('\n')})
                continue
            rows.append({'line': n, 'id': m['id'], 'link': m['link'],
                         'level': m['level'].strip(), 'text': m['text'].strip()})
    return rows


def compare(rules, rows, name, link_of, exact_level, short_text, root):
    problems = []
    for r in rows:
        if r['id'] is None:
            problems.append(f"{name}:{r['line']}: not a '| [id](link) | level | text |' row: "
                            f"{r['raw']}")
    rows = [r for r in rows if r['id'] is not None]
    want = [r.id for r in rules]
    got = [r['id'] for r in rows]
    missing = [i for i in want if i not in got]
    extra = [i for i in got if i not in want]
    doubled = sorted({i for i in got if got.count(i) > 1})
    if missing:
        problems.append(f'{name}: no row for {", ".join(missing)} (in checks/Rules.def)')
    if extra:
        problems.append(f'{name}: rows for {", ".join(extra)}, which checks/Rules.def does not '
                        'have')
    if doubled:
        problems.append(f'{name}: more than one row for {", ".join(doubled)}')
    common_want = [i for i in want if i in got]
    common_got = [i for i in dict.fromkeys(got) if i in want]
    if common_want != common_got:
        first = next(n for n, (g, w) in enumerate(zip(common_got, common_want)) if g != w)
        problems.append(f'{name}: the rules are in another order than in checks/Rules.def: '
                        f'{common_got[first]} comes where checks/Rules.def has '
                        f'{common_want[first]}\n'
                        f'    {name}: {" ".join(common_got)}\n'
                        f'    checks/Rules.def: {" ".join(common_want)}')
    by_id = {r.id: r for r in rules}
    for row in rows:
        rule = by_id.get(row['id'])
        if not rule:
            continue
        where = f"{name}:{row['line']}: {row['id']}"
        words = row['level'].split()
        level = row['level'] if exact_level else (words[0].rstrip('.,;:') if words else '')
        if level != rule.level:
            problems.append(f"{where}: level column '{row['level']}' "
                            f"{'is not' if exact_level else 'does not start with'} "
                            f"'{rule.level}', the level in checks/Rules.def")
        link = link_of(rule.id)
        if row['link'] != link:
            problems.append(f"{where}: links '{row['link']}', wanted '{link}'")
        page = os.path.join(root, 'docs', 'checks', f'{rule.id}.md')
        if not os.path.isfile(page):
            problems.append(f'{where}: docs/checks/{rule.id}.md does not exist')
        if short_text and row['text'] != rule.short:
            problems.append(f"{where}: text '{row['text']}' is not the short description in "
                            f"checks/Rules.def, '{rule.short}'")
    return problems


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    here = os.path.dirname(os.path.abspath(__file__))
    p.add_argument('--root', default=os.path.join(here, '..', '..'),
                   help='the checkout to check (default: the one holding this script)')
    root = os.path.abspath(p.parse_args(argv).root)
    try:
        rules = parse_rules_def(os.path.join(root, 'checks', 'Rules.def'))
        readme = parse_table(os.path.join(root, 'README.md'))
        index_path = os.path.join(root, 'docs', 'checks', 'README.md')
        index = parse_table(index_path) if os.path.isfile(index_path) else None
    except (OSError, ValueError) as e:
        print(f'FAIL: {e}')
        return 1
    if not rules:
        print('FAIL: no COOPCHECK_RULE or COOPCHECK_EXECUTOR_RULE entry in checks/Rules.def')
        return 1
    if not readme:
        print("FAIL: README.md has no rule table (rows starting with '| [cg-')")
        return 1
    problems = compare(rules, readme, 'README.md', lambda i: f'docs/checks/{i}.md', False, False,
                       root)
    if index is not None:
        problems += compare(rules, index, 'docs/checks/README.md', lambda i: f'{i}.md', True, True,
                            root)
    for problem in problems:
        print(f'FAIL: {problem}')
    if problems:
        print(f'{len(problems)} difference(s) between checks/Rules.def and the rule tables')
        return 1
    tables = 'README.md' + (' and docs/checks/README.md' if index is not None else '')
    print(f'ok: {tables} list the {len(rules)} rules of checks/Rules.def in its order, with '
          'their levels and docs/checks pages')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
