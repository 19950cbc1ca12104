#!/usr/bin/env python3
"""merge-junit.py OUT.xml IN.xml... - join the JUnit reports of the shards
of one suite into one report: every testcase once, sorted by name, counts
and times summed.  Standard library only."""
import sys
import xml.etree.ElementTree as ET


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: merge-junit.py OUT.xml IN.xml...")
    cases, seconds = {}, 0.0
    for path in argv[2:]:
        root = ET.parse(path).getroot()
        for suite in root.iter("testsuite"):
            seconds += float(suite.get("time", "0"))
            for case in suite.findall("testcase"):
                name = case.get("name")
                if name in cases:
                    sys.exit(f"merge-junit.py: {name} is in two shards")
                cases[name] = case
    failures = sum(1 for c in cases.values() if c.find("failure") is not None)
    top = ET.Element("testsuites", tests=str(len(cases)),
                     failures=str(failures), time=f"{seconds:.3f}")
    suite = ET.SubElement(top, "testsuite", name="simt test",
                          tests=str(len(cases)), failures=str(failures),
                          errors="0", skipped="0", time=f"{seconds:.3f}")
    for name in sorted(cases):
        suite.append(cases[name])
    ET.indent(top)
    ET.ElementTree(top).write(argv[1], encoding="UTF-8", xml_declaration=True)
    print(f"{len(cases)} testcases, {failures} failures -> {argv[1]}")


if __name__ == "__main__":
    main(sys.argv)
