#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make-series.py TOP BDIR: build the series of patches/plan as git commits.

Run by scripts/make-patches.sh in a scratch repository (the current
directory) that holds the pristine versions of the upstream files the
patches touch, committed as the base.  For each stanza of patches/plan, in
order: apply the listed patches of patches/series, each in its version
for the base (patches/$BASE/NAME where there is one; their kernel/power/
Kconfig and Makefile hunks excepted), write kernel/power/Kconfig and
Makefile as they are with the entries of this and the earlier stanzas
only, copy the stanza's project files to their kernel paths, and commit.
Project files are written with their LINUX_VERSION_CODE tests decided
for the base (for_base()).  Then check that the result is the base's
prepared tree (BDIR/linux: BDIR
is scripts/base.sh's bdir) for every
file the series touches, and that every project file and every added
Kconfig entry and Makefile object belongs to exactly one stanza.
"""

import difflib
import os
import re
import shutil
import subprocess
import sys

TOP = sys.argv[1]
BDIR = sys.argv[2]
BASE = os.environ.get('BASE', '6.12')
PRISTINE = os.path.join(BDIR, 'pristine')
FINAL = os.path.join(BDIR, 'linux')
SPLIT = ('kernel/power/Kconfig', 'kernel/power/Makefile')
SIGNOFF = 'Signed-off-by: PM kernel team <kernel-team@example.invalid>'


def die(msg):
    sys.stderr.write('make-series: %s\n' % msg)
    sys.exit(1)


def read(path):
    with open(path) as f:
        return f.read()


def overlay():
    """Project directory -> kernel tree directory (scripts/overlay.map)."""
    m = {}
    for line in read(os.path.join(TOP, 'scripts/overlay.map')).splitlines():
        if line.strip() and not line.startswith('#'):
            src, dst = line.split()
            m[src] = dst
    return m


def tree_path(proj, omap):
    top, rest = proj.split('/', 1)
    if top not in omap:
        die('%s: not under a directory of scripts/overlay.map' % proj)
    return os.path.join(omap[top], rest)


VERSION_IF = re.compile(
    r'^#if LINUX_VERSION_CODE < KERNEL_VERSION\((\d+), (\d+), (\d+)\)$')


def for_base(path, text):
    """TEXT of PATH, its LINUX_VERSION_CODE tests decided for BASE.

    A C file of the project that must differ between the bases holds both
    versions behind "#if LINUX_VERSION_CODE < KERNEL_VERSION(a, b, c)"
    [#else] #endif (not nested); the series of a base carries that base's
    code only, as code merged into it would be, and no <linux/version.h>.
    """
    if not path.endswith(('.c', '.h')) or 'LINUX_VERSION_CODE' not in text:
        return text
    base = tuple(int(x) for x in BASE.split('.')) + (0,)
    out, keep, state = [], True, None
    for line in text.split('\n'):
        m = VERSION_IF.match(line)
        if m:
            if state is not None:
                die('nested LINUX_VERSION_CODE test')
            keep = base < tuple(int(x) for x in m.groups())
            state = 'if'
            continue
        if state is not None and line == '#else':
            keep, state = not keep, 'else'
            continue
        if state is not None and line == '#endif':
            keep, state = True, None
            continue
        if keep:
            out.append(line)
    if state is not None:
        die('unterminated LINUX_VERSION_CODE test')
    text = '\n'.join(out)
    if 'LINUX_VERSION_CODE' in text:
        die('a LINUX_VERSION_CODE test other than "#if LINUX_VERSION_CODE '
            '< KERNEL_VERSION(a, b, c)"')
    return text.replace('#include <linux/version.h>\n', '')


def patch_path(name):
    """patches/NAME in its version for the base (scripts/base.sh pfile)."""
    own = os.path.join(TOP, 'patches', BASE, name)
    return own if BASE and os.path.isfile(own) else \
        os.path.join(TOP, 'patches', name)


def patch_body(name):
    """The commit message body of patches/NAME (after the subject)."""
    lines = read(patch_path(name)).splitlines()
    i = next(n for n, l in enumerate(lines) if l.startswith('Subject:'))
    i += 1
    while lines[i].startswith(' '):
        i += 1
    body = []
    for l in lines[i + 1:]:
        if l.startswith('Signed-off-by:') or l == '---':
            break
        body.append(l)
    return '\n'.join(body).strip('\n')


def parse_plan():
    steps, cur, key = [], None, None
    for line in read(os.path.join(TOP, 'patches/plan')).splitlines():
        if cur is None:
            if not line.strip() or line.startswith('#'):
                continue
            cur = {'patches': [], 'files': [], 'kconfig': [], 'objects': [],
                   'body': []}
        if line == '%%':
            if key != 'body' or 'subject' not in cur:
                die('stanza without subject or body: %r' % cur)
            body = '\n'.join(cur['body']).strip('\n')
            m = re.fullmatch(r'BODY_OF (\S+)', body)
            cur['body'] = patch_body(m.group(1)) if m else body
            steps.append(cur)
            cur, key = None, None
            continue
        if key == 'body':
            cur['body'].append(line)
            continue
        m = re.match(r'(\w+):\s*(.*)$', line)
        if m and m.group(1) in ('subject', 'patches', 'files', 'kconfig',
                                'objects', 'body'):
            key = m.group(1)
            if key == 'subject':
                cur['subject'] = m.group(2)
            elif key != 'body':
                cur[key] += m.group(2).split()
        elif line.startswith('  ') and key not in (None, 'subject'):
            cur[key] += line.split()
        else:
            die('bad plan line: %r' % line)
    if cur is not None:
        die('last stanza not ended by %%')
    return steps


def inserted_lines(old, new):
    """(index in new, line) of each line of new not in old; no deletions."""
    sm = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    out = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag in ('replace', 'delete'):
            die('a split file loses pristine lines: %r' % old[i1:i2])
        if tag == 'insert':
            out += [(j, new[j]) for j in range(j1, j2)]
    return out


def kconfig_owners(added, owner_of):
    """Owner (stanza index) of each added Kconfig line, by config block."""
    owners, pending, cur = {}, [], None
    for j, line in added:
        m = re.match(r'(?:menu)?config\s+(\w+)', line)
        if m:
            if m.group(1) not in owner_of:
                die('Kconfig symbol %s is in no stanza' % m.group(1))
            cur = owner_of.pop(m.group(1))
            for p in pending:
                owners[p] = cur
            pending = []
            owners[j] = cur
        elif not line.strip():
            pending.append(j)
        else:
            if cur is None:
                die('Kconfig line outside a config entry: %r' % line)
            for p in pending:
                owners[p] = cur
            pending = []
            owners[j] = cur
    for p in pending:
        owners[p] = cur
    if owner_of:
        die('Kconfig symbols not found: %s' % ' '.join(owner_of))
    return owners


def makefile_versions(new, added, owner_of):
    """Per added line: its text as a function of the stanza index."""
    stack, lines = [], {}
    for j, line in added:
        words = line.split()
        if words and words[0] in ('ifdef', 'ifndef', 'ifeq', 'ifneq'):
            sym = re.search(r'CONFIG_\w+', line)
            if not sym or sym.group(0) not in owner_of:
                die('Makefile conditional of no stanza: %r' % line)
            o = owner_of.pop(sym.group(0))
            stack.append(o)
            lines[j] = (o, None)
        elif words and words[0] in ('else', 'endif'):
            if not stack:
                die('unbalanced Makefile conditional: %r' % line)
            o = stack[-1] if words[0] == 'else' else stack.pop()
            lines[j] = (o, None)
        elif '+=' in line:
            head, objs = line.split('+=', 1)
            objs = objs.split()
            for ob in objs:
                if ob not in owner_of:
                    die('Makefile object %s is in no stanza' % ob)
            os_ = [owner_of.pop(ob) for ob in objs]
            lines[j] = (min(os_), (head, list(zip(os_, objs))))
        else:
            die('Makefile line of no stanza: %r' % line)
    if owner_of:
        die('Makefile entries not found: %s' % ' '.join(owner_of))

    def version(k):
        out = []
        for j, line in enumerate(new):
            if j not in lines:
                out.append(line)
                continue
            o, objs = lines[j]
            if o > k:
                continue
            if objs is None:
                out.append(line)
            else:
                head, pairs = objs
                out.append(head + '+= ' +
                           ' '.join(ob for oo, ob in pairs if oo <= k))
        return out
    return version


def main():
    steps = parse_plan()
    omap = overlay()
    series = [l for l in read(os.path.join(TOP, 'patches/series')).split()
              if not l.startswith('#')]

    # Every project file, once.
    proj = []
    for src in omap:
        d = os.path.join(TOP, src)
        for root, _, names in os.walk(d):
            for n in names:
                proj.append(os.path.relpath(os.path.join(root, n), TOP))
    seen = {}
    for k, s in enumerate(steps):
        for f in s['files']:
            if f in seen:
                die('%s is in two stanzas' % f)
            if not os.path.isfile(os.path.join(TOP, f)):
                die('%s: no such project file' % f)
            seen[f] = k
    missing = sorted(set(proj) - set(seen))
    if missing:
        die('project files in no stanza: %s' % ' '.join(missing))
    # A patch the plan does not list may only edit the split files.
    used = [p for s in steps for p in s['patches']]
    if len(set(used)) != len(used) or set(used) - set(series):
        die('the plan lists a patch twice or one not in patches/series')
    for p in set(series) - set(used):
        for f in re.findall(r'^\+\+\+ b/(\S+)',
                            read(patch_path(p)), re.M):
            if f not in SPLIT:
                die('%s edits %s but is in no stanza' % (p, f))

    # The split files, as functions of the stanza index.
    kowner = {sym: k for k, s in enumerate(steps) for sym in s['kconfig']}
    mowner = {ob: k for k, s in enumerate(steps) for ob in s['objects']}
    kold = read(os.path.join(PRISTINE, SPLIT[0])).splitlines()
    knew = read(os.path.join(FINAL, SPLIT[0])).splitlines()
    kown = kconfig_owners(inserted_lines(kold, knew), kowner)
    mold = read(os.path.join(PRISTINE, SPLIT[1])).splitlines()
    mnew = read(os.path.join(FINAL, SPLIT[1])).splitlines()
    mversion = makefile_versions(mnew, inserted_lines(mold, mnew), mowner)

    excl = ['--exclude=' + f for f in SPLIT]
    for k, s in enumerate(steps):
        for p in s['patches']:
            subprocess.run(['git', 'apply'] + excl +
                           [patch_path(p)], check=True)
        kv = [l for j, l in enumerate(knew) if j not in kown or kown[j] <= k]
        for path, text in ((SPLIT[0], kv), (SPLIT[1], mversion(k))):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w') as f:
                f.write('\n'.join(text) + '\n')
        for f in s['files']:
            dst = tree_path(f, omap)
            os.makedirs(os.path.dirname(dst) or '.', exist_ok=True)
            with open(dst, 'w') as out:
                out.write(for_base(dst, read(os.path.join(TOP, f))))
        subprocess.run(['git', 'add', '-A'], check=True)
        if not subprocess.run(['git', 'diff', '--cached', '--quiet']).returncode:
            die('stanza "%s" changes nothing' % s['subject'])
        msg = '%s\n\n%s\n\n%s\n' % (s['subject'], s['body'], SIGNOFF)
        subprocess.run(['git', 'commit', '-q', '-F', '-'], input=msg.encode(),
                       check=True)

    # The end of the series is the prepared tree.
    files = subprocess.run(['git', 'ls-files'], check=True,
                           capture_output=True, text=True).stdout.split()
    for f in files:
        if read(f) != for_base(f, read(os.path.join(FINAL, f))):
            die('%s differs from %s at the end of the series' % (f, FINAL))
    print('make-series: %d patches; the series ends in %s' %
          (len(steps), os.path.relpath(FINAL, TOP)))


main()
