#!/usr/bin/env python3
"""The HTML report in a real browser (Debian's chromium, headless). Four pages: the public
corpus's files with confirmed findings plus test/checks/cg-deadlock.cu and the barrier mismatch of
test/checks/cg-deadlock.generic-group.cu; a copy of one under a
hostile name with markup and non-UTF-8 bytes next to its finding; a clean file; a copy with NOLINT
comments.
For each page the DOM that chromium renders (--dump-dom) must hold every finding of the JSON report
of the same inputs (by rule and line; suppressed ones inside the folded <details>) and every group
of each witness, each drawn with as many threads as the JSON's ranks name (after a barrier
mismatch, the groups of who passed which barrier how often, which colour every thread); the page's script must
have marked the page rendered with no error, and chromium's console log must be empty (an uncaught
error, a Content-Security-Policy violation from a network load). A broken copy of the page checks
that both error detectors fire. The same report gives the same bytes. A screenshot is kept in
build/test-artifacts/html-report.png. Skipped (77) without chromium or the shared corpus."""
import json, os, shutil, subprocess, sys, tempfile
from html.parser import HTMLParser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.abspath(os.environ.get('COOPCHECK_BUILD_DIR', os.path.join(ROOT, 'build')))
SHARED = os.environ.get('COOPCHECK_SHARED_DIR', os.path.join(ROOT, '..', 'shared'))
COOPCHECK = os.path.join(BUILD, 'bin', 'coopcheck')
CORPUS = os.path.join(SHARED, 'corpus')
SKIP = 77
VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source',
        'track', 'wbr'}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


class Element:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children, self.text = tag, dict(attrs), parent, [], ''

    def classes(self):
        return (self.attrs.get('class') or '').split()

    def all(self, tag=None, cls=None):
        """Descendants in document order with this tag and class."""
        for child in self.children:
            if (tag is None or child.tag == tag) and (cls is None or cls in child.classes()):
                yield child
            yield from child.all(tag, cls)

    def inside(self, tag, cls):
        node = self.parent
        while node is not None and not (node.tag == tag and cls in node.classes()):
            node = node.parent
        return node is not None


class Dom(HTMLParser):
    """The dumped DOM as a tree of elements with their own text (SVG tags come lower-cased)."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.root = Element('#document', {}, None)
        self.current = self.root
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        element = Element(tag, attrs, self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Element(tag, attrs, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.text += data


def chromium():
    for name in ('chromium', 'chromium-browser'):
        if shutil.which(name):
            return shutil.which(name)
    return None


def browse(browser, page, scratch, extra):
    """Chromium's dumped DOM and its log (console messages are logged as INFO:CONSOLE)."""
    profile = tempfile.mkdtemp(dir=scratch)
    command = [browser, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
               f'--user-data-dir={profile}', '--enable-logging=stderr', '--v=0'] + extra
    result = subprocess.run(command + ['file://' + page], capture_output=True, text=True,
                            errors='replace', timeout=120)
    console = [line for line in result.stderr.splitlines() if ':CONSOLE' in line]
    return result.stdout, console


def coopcheck(fmt, files, out):
    result = subprocess.run([COOPCHECK, f'--format={fmt}', '-o', out] + files,
                            capture_output=True, text=True)
    check(result.returncode in (0, 1), f'coopcheck --format={fmt} exited {result.returncode}: '
                                       f'{result.stderr[-2000:]}')
    return out


def confirmed_corpus_findings(scratch):
    """The corpus's confirmed findings, from its JSON report, by file."""
    files = sorted(os.path.join(CORPUS, name) for name in os.listdir(CORPUS)
                   if name.endswith(('.cu', '.cpp', '.hip')))
    with open(coopcheck('json', files, os.path.join(scratch, 'corpus.json'))) as f:
        report = json.load(f)
    return {f['file']: f for f in report['findings'] if f.get('witness')}


def ranks_count(group):
    return sum(last - first + 1 for first, last in group.get('ranks', []))


def check_end_legend(witness, groups, where):
    """Coloured by where the threads ended: one group per group of the JSON."""
    check(sorted(g.text.strip() for g in groups) == sorted(g['threads'] for g in witness['threads']),
          f'{where}: witness groups {[g.text for g in groups]} differ from the JSON\'s')
    drawn = {g.text.strip(): g.attrs.get('data-drawn') for g in groups}
    for group in witness['threads']:
        check(drawn.get(group['threads']) == str(ranks_count(group)),
              f'{where}: group "{group["threads"]}" drawn {drawn.get(group["threads"])} threads, '
              f'the JSON names {ranks_count(group)}')


def check_barrier_legend(figure, witness, groups, where):
    """After a barrier mismatch, coloured by who passed which barrier: one legend entry per way of
    passing them, a group per block of its members, every thread of the grid in one of them, the
    barriers' sites named, and where the threads ended listed uncoloured."""
    barriers = witness['barriers']
    sites = [li for li in figure.all('li') if li.inside('ol', 'barrier-sites')]
    check(len(sites) == len(barriers['sites']),
          f'{where}: {len(sites)} barrier sites named, the JSON has {len(barriers["sites"])}')
    expected = sorted((str(p), str(m['block']), ' '.join(f'{a}-{b}' for a, b in m['ranks']))
                      for p, passing in enumerate(barriers['passing']) for m in passing['members'])
    shown = sorted((g.attrs.get('data-end'), g.attrs.get('data-block'), g.attrs.get('data-ranks'))
                   for g in groups)
    check(shown == expected, f'{where}: barrier groups {shown} differ from the JSON\'s {expected}')
    shape = witness.get('shape', {})
    members = sum(int(g.attrs.get('data-drawn', 0)) for g in groups)
    check(members == shape.get('blocks', 0) * shape.get('threadsPerBlock', 0),
          f'{where}: the barrier legend draws {members} threads of a grid of {shape}')
    ends = [li.text.strip() for li in figure.all('li') if li.inside('ul', 'ends')]
    check(all(any(e.startswith(g['threads']) for e in ends) for g in witness['threads']),
          f'{where}: where the threads ended is not listed: {ends}')


def check_witness(article, finding, where):
    witness = finding['witness']
    figures = list(article.all('figure', 'witness'))
    if not check(len(figures) == 1, f'{where}: {len(figures)} witness figures'):
        return
    figure = figures[0]
    groups = list(figure.all('li', 'group'))
    if 'barriers' in witness:
        check_barrier_legend(figure, witness, groups, where)
    else:
        check_end_legend(witness, groups, where)
    shape = witness.get('shape', {})
    cells = list(figure.all('rect', 'thread'))
    check(len(cells) == shape.get('blocks', 0) * shape.get('threadsPerBlock', 0),
          f'{where}: {len(cells)} threads drawn for a grid of {shape}')
    entries = [li for li in figure.all('li') if li.inside('ul', 'legend')
               and 'data-end' in li.attrs and 'group' not in li.classes()]
    for end in entries:
        in_end = sum(int(g.attrs.get('data-drawn', 0)) for g in end.all('li', 'group'))
        coloured = [c for c in cells if c.attrs.get('data-end') == end.attrs.get('data-end')]
        check(len(coloured) == in_end, f'{where}: legend entry {end.attrs.get("data-end")} has '
                                       f'{in_end} threads, {len(coloured)} cells coloured so')
    for name, value in witness['inputs'].items():
        check(any(th.text == name for th in figure.all('th')), f'{where}: input {name} not shown')


def check_page(browser, page, report, scratch):
    with open(report) as f:
        findings = json.load(f)['findings']
    text, console = browse(browser, page, scratch, ['--dump-dom'])
    name = os.path.basename(page)
    check(not console, f'{name}: console messages: {console}')
    dom = Dom(text)
    html = next(dom.root.all('html'), None)
    if not check(html is not None, f'{name}: no DOM dumped ({text[:200]!r})'):
        return dom
    check('data-render-error' not in html.attrs, f'{name}: {html.attrs.get("data-render-error")}')
    witnesses = sum(1 for f in findings if f.get('witness'))
    check(html.attrs.get('data-rendered') == str(witnesses),
          f'{name}: data-rendered={html.attrs.get("data-rendered")}, {witnesses} witnesses')
    articles = list(dom.root.all('article', 'finding'))
    check(len(articles) == len(findings), f'{name}: {len(articles)} findings shown, {len(findings)}')
    unmatched = list(articles)
    for finding in findings:
        where = f'{name}: {finding["rule"]} at line {finding["line"]}'
        match = next((a for a in unmatched if a.attrs.get('data-rule') == finding['rule']
                      and a.attrs.get('data-line') == str(finding['line'])), None)
        if not check(match is not None, f'{where} missing'):
            continue
        unmatched.remove(match)
        check(match.inside('details', 'suppressed') == finding.get('suppressed', False),
              f'{where}: folded must be {finding.get("suppressed", False)}')
        if finding.get('witness'):
            check_witness(match, finding, where)
    return dom


def check_detectors_fire(browser, page, scratch):
    """A copy of the page with a network load and a throwing script must be caught by both."""
    with open(page, encoding='utf-8') as f:
        text = f.read()
    broken = os.path.join(scratch, 'broken.html')
    with open(broken, 'w', encoding='utf-8') as f:
        f.write(text.replace('</body>', '<img src="http://example.invalid/x.png">'
                                        '<script>noSuchFunction();</script></body>'))
    dumped, console = browse(browser, broken, scratch, ['--dump-dom'])
    check(any('Uncaught' in line for line in console), f'broken page: no uncaught error logged')
    check(any('Content Security Policy' in line for line in console),
          'broken page: the network load was not blocked by the page\'s policy')
    check('data-render-error=' in dumped, 'broken page: the script did not mark the error')


def hostile_copy(scratch, source, line):
    """The file under a name full of markup, with a comment holding markup and bytes that are not
    UTF-8 just above line \p line (which moves one down)."""
    directory = os.path.join(scratch, 'odd <dir> & "x"')
    os.makedirs(directory)
    with open(source, 'rb') as f:
        lines = f.read().split(b'\n')
    lines.insert(line - 1, b'// <script>alert("not markup")</script> \xff\xfe latin-1: caf\xe9')
    path = os.path.join(directory, "k<'&>.cu")
    with open(path, 'wb') as f:
        f.write(b'\n'.join(lines))
    return path


def suppressed_copy(scratch, source, report):
    """The file with a NOLINT comment on the line of each finding."""
    with open(report) as f:
        findings = [x for x in json.load(f)['findings'] if x['file'] == source]
    with open(source, 'rb') as f:
        lines = f.read().split(b'\n')
    for finding in findings:
        lines[finding['line'] - 1] += f' // NOLINT({finding["rule"]})'.encode()
    path = os.path.join(scratch, 'suppressed', os.path.basename(source))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(b'\n'.join(lines))
    return path


def run_page(browser, scratch, name, files):
    page = coopcheck('html', files, os.path.join(scratch, name + '.html'))
    report = coopcheck('json', files, os.path.join(scratch, name + '.json'))
    again = coopcheck('html', list(reversed(files)), os.path.join(scratch, name + '.again.html'))
    with open(page, 'rb') as a, open(again, 'rb') as b:
        check(a.read() == b.read(), f'{name}: two runs gave different pages')
    return page, report, check_page(browser, page, report, scratch)


def screenshot(browser, page, scratch):
    artifacts = os.path.join(BUILD, 'test-artifacts')
    os.makedirs(artifacts, exist_ok=True)
    target = os.path.join(artifacts, 'html-report.png')
    browse(browser, page, scratch, [f'--screenshot={target}', '--window-size=1280,2000',
                                    '--hide-scrollbars'])
    check(os.path.getsize(target) > 10000 if os.path.exists(target) else False,
          f'no screenshot at {target}')
    print(f'screenshot: {target}')


def main():
    browser = chromium()
    if not browser:
        print('skipped: no chromium on PATH (tools/setup installs it)')
        return SKIP
    if not os.path.isdir(CORPUS):
        print(f'skipped: no shared corpus at {CORPUS}')
        return SKIP
    with tempfile.TemporaryDirectory() as scratch:
        by_file = confirmed_corpus_findings(scratch)
        if not check(by_file, 'no corpus file has a confirmed finding'):
            return 1
        confirmed = sorted(by_file)
        checks = os.path.join(ROOT, 'test', 'checks')
        page, report, dom = run_page(browser, scratch, 'confirmed', confirmed + [
            os.path.join(checks, 'cg-deadlock.cu'), os.path.join(checks, 'cg-deadlock.generic-group.cu')])
        check(any(True for _ in dom.root.all('ol', 'barrier-sites')),
              'confirmed: no barrier mismatch coloured by the barriers its threads passed')
        check_detectors_fire(browser, page, scratch)
        screenshot(browser, page, scratch)

        _, _, hostile = run_page(browser, scratch, 'hostile',
                                 [hostile_copy(scratch, confirmed[0], by_file[confirmed[0]]['line'])])
        paths = [h.text.strip() for h in hostile.root.all('h3', 'path')]
        check(any("odd <dir> & \"x\"/k<'&>.cu" in p for p in paths),
              f'the hostile file name is not shown as text: {paths}')
        check(any('<script>alert("not markup")</script> \ufffd\ufffd latin-1: caf\ufffd' in
                  line.text for line in hostile.root.all('span', 'line')),
              'the hostile source line is not shown as text with replaced bytes')
        _, _, clean = run_page(browser, scratch, 'clean',
                               [os.path.join(CORPUS, 'seed_butterfly_syncwarp_clean.cu')])
        check(any('No findings.' in p.text for p in clean.root.all('p', 'clean')),
              'clean: no "No findings."')
        _, _, folded = run_page(browser, scratch, 'suppressed',
                                [suppressed_copy(scratch, confirmed[0], report)])
        check(any(True for _ in folded.root.all('details', 'suppressed')),
              'suppressed: nothing folded')
    for failure in failures:
        print('FAIL:', failure)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
