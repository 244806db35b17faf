#!/usr/bin/env python3
"""The man page and the bash completion of a program with LLVM's command-line parser, generated
from its own `--help` at build time, so that they list the options the binary has:

  cli_docs.py man PROGRAM OUT.1.gz [--summary TEXT] [--section 'TITLE=TEXT']...
  cli_docs.py completion PROGRAM OUT
  cli_docs.py gzip IN OUT.gz

`--help` reads: `OVERVIEW: ...`, `USAGE: ...`, then categories (`coopcheck options:`) of option
lines `  --name=<value>  - description`, an enumerated value as `    =value  -   description`.
Files are gzipped as Debian wants them (maximum compression, no name or time in the header).
"""
import gzip, os, re, subprocess, sys
from dataclasses import dataclass, field

OPTION = re.compile(r'^  (-[^\s=]+)(?:[= ]<([^>]*)>)?\s+- (.*)$')
ENUM_VALUE = re.compile(r'^    =(\S+)\s+-   (.*)$')
CATEGORY = re.compile(r'^(\S.*):$')


@dataclass
class Option:
    name: str
    value: str  # the value's placeholder (`file` of --export-facts=<file>), '' for a flag
    joined: bool  # --name=<value>, else -o <file>
    text: str
    choices: list = field(default_factory=list)


@dataclass
class Help:
    program: str
    overview: list
    usage: str
    categories: dict  # title -> [Option]
    version: str


def read_help(program):
    env = dict(os.environ, ASAN_OPTIONS='detect_leaks=0')  # a sanitized build exits from --help
    run = lambda flag: subprocess.run([program, flag], capture_output=True, text=True, env=env,
                                      check=True).stdout
    text, version = run('--help'), run('--version').strip().splitlines()
    name = os.path.basename(program)
    overview, usage, categories, options, section = [], '', {}, None, 'overview'
    for line in text.splitlines():
        if line.startswith('OVERVIEW:'):
            overview.append(line[len('OVERVIEW:'):].strip())
        elif line.startswith('USAGE:'):
            usage, section = line[len('USAGE:'):].strip(), 'usage'
        elif line == 'OPTIONS:':
            section = 'options'
        elif section == 'overview':
            overview.append(line.strip())
        elif section == 'options' and CATEGORY.match(line):
            options = categories.setdefault(CATEGORY.match(line).group(1), [])
        elif options is not None and OPTION.match(line):
            flag, value, description = OPTION.match(line).groups()
            options.append(Option(flag, value or '', '=<' in line.split(' - ')[0], description))
        elif options and ENUM_VALUE.match(line):
            options[-1].choices.append(ENUM_VALUE.match(line).groups())
    if not usage or not categories:
        sys.exit(f'{name} --help: no USAGE or no option categories: LLVM\'s help format changed?')
    return Help(name, overview, usage, categories, version[-1] if version else name)


def roff(text):
    """Text as roff: backslashes escaped, a line that starts with a control character kept text."""
    text = text.replace('\\', '\\e')
    return '\n'.join('\\&' + l if l.startswith(('.', "'")) else l for l in text.split('\n'))


def paragraphs(lines):
    """Blank-line separated paragraphs of the overview, each joined into one line."""
    out, current = [], []
    for line in lines + ['']:
        if line:
            current.append(line)
        elif current:
            out.append(' '.join(current))
            current = []
    return out


def man_page(h, summary, sections):
    """The overview's first paragraph is the NAME line's summary unless one is given."""
    first, *rest = paragraphs(h.overview)
    description = [first] + rest if summary else rest
    summary = summary or re.sub(r'^' + re.escape(h.program) + r':\s*', '', first)
    # Left-adjusted, not hyphenated: option names and long values must stay whole.
    page = [f'.TH {h.program.upper()} 1 "" "{h.version}" "User Commands"', '.ad l', '.nh', '.SH NAME',
            f'{h.program} \\- {roff(summary)}', '.SH SYNOPSIS', f'.B {h.program}',
            roff(h.usage.split(' ', 1)[1] if ' ' in h.usage else ''), '.SH DESCRIPTION']
    page += [line for p in description for line in ('.PP', roff(p))]
    page.append('.SH OPTIONS')
    for title, options in h.categories.items():
        page.append(f'.SS "{roff(title)}"')
        for o in options:
            value = (f'=\\fI{o.value}\\fR' if o.joined else f' \\fI{o.value}\\fR') if o.value else ''
            page += ['.TP', f'\\fB{o.name.replace("-", chr(92) + "-")}\\fR{value}', roff(o.text)]
            for choice, text in o.choices:
                page += ['.RS', '.TP', f'\\fB{roff(choice)}\\fR', roff(text), '.RE']
    for title, text in sections:
        page += [f'.SH {title.upper()}', roff(text)]
    return '\n'.join(page) + '\n'


def completion(h):
    """A bash completion function: option names, and for an option's value a directory (<dir>), a
    file (<file>, <sarif>), its enumerated choices, or nothing (a number, a list, YAML ...)."""
    options = [o for opts in h.categories.values() for o in opts]
    words = ' '.join(o.name + ('=' if o.joined and o.value else '') for o in options)
    cases = []
    for o in options:
        if not o.value:
            continue
        if o.choices:
            action = f"COMPREPLY=($(compgen -W '{' '.join(c for c, _ in o.choices)}' -- \"$cur\"))"
        elif 'dir' in o.value:
            action = 'COMPREPLY=($(compgen -d -- "$cur"))'
        elif o.value in ('file', 'sarif'):
            action = 'COMPREPLY=($(compgen -f -- "$cur"))'
        else:
            action = 'COMPREPLY=()'
        cases.append(f'    {o.name}) {action}; return ;;')
    function = '_' + re.sub(r'\W', '_', h.program)
    return f'''# bash completion for {h.program}, generated from `{h.program} --help` (cmake/cli_docs.py)
{function}() {{
  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}} option=
  # bash splits --name=value at '=': the option is the word before it.
  if [[ $cur == = ]]; then
    option=$prev cur=
  elif [[ $prev == = ]]; then
    option=${{COMP_WORDS[COMP_CWORD-2]}}
  elif [[ $prev == -* ]]; then
    option=$prev
  fi
  case $option in
{chr(10).join(cases)}
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W '{words}' -- "$cur"))
    [[ ${{#COMPREPLY[@]}} == 1 && ${{COMPREPLY[0]}} == *= ]] && compopt -o nospace
    return
  fi
  COMPREPLY=($(compgen -f -- "$cur"))
}}
complete -o filenames -F {function} {h.program}
'''


def write_gzip(path, data):
    with open(path, 'wb') as out, gzip.GzipFile(filename='', mode='wb', fileobj=out, compresslevel=9,
                                                mtime=0) as gz:
        gz.write(data)


def main(argv):
    if len(argv) < 3 or argv[0] not in ('man', 'completion', 'gzip'):
        sys.exit(__doc__)
    command, source, out = argv[:3]
    if command == 'gzip':
        with open(source, 'rb') as fh:
            return write_gzip(out, fh.read())
    h = read_help(source)
    if command == 'completion':
        with open(out, 'w') as fh:
            return fh.write(completion(h))
    summary, sections, rest = '', [], argv[3:]
    for flag, value in zip(rest[::2], rest[1::2]):
        if flag == '--summary':
            summary = value
        elif flag == '--section' and '=' in value:
            sections.append(value.split('=', 1))
        else:
            sys.exit(f'cli_docs.py: unknown argument {flag}')
    write_gzip(out, man_page(h, summary, sections).encode())


if __name__ == '__main__':
    main(sys.argv[1:])
