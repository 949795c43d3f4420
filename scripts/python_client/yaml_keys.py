"""Fails when a mapping key of a YAML file loads as something other than a string under PyYAML,
which follows YAML 1.1: there a bare `on`, `off`, `yes`, `no`, `y` or `n` is a boolean and `200` an
integer. Generators built on YAML 1.2 parsers read such keys as text, so the document means one
thing to them and another to Python tools (a property named True, a `required` list of booleans).
Entries of a `required` list must be strings for the same reason.

Usage: python yaml_keys.py FILE...
"""
import sys

import yaml

STRING = "tag:yaml.org,2002:str"


def findings(node, inside_required=False):
    """(line, what) for each key, and each `required` entry, that does not load as a string."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.tag != STRING:
                yield key.start_mark.line + 1, f"key {key.value!r} loads as {key.tag.rsplit(':', 1)[-1]}"
            yield from findings(value, inside_required=key.value == "required")
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            if inside_required and isinstance(item, yaml.ScalarNode) and item.tag != STRING:
                yield item.start_mark.line + 1, f"required entry {item.value!r} loads as {item.tag.rsplit(':', 1)[-1]}"
            yield from findings(item)


def main(paths):
    failed = False
    for path in paths:
        with open(path) as file:
            root = yaml.compose(file, Loader=yaml.SafeLoader)
        for line, what in findings(root):
            print(f"{path}:{line}: {what}; quote it", file=sys.stderr)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
