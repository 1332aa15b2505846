# Maintainers: black-format templates/_tool_schemas.py.j2 in place, keeping its Jinja placeholders.
"""Render the template with sentinel values, run black, and put the placeholders back.

The build never runs black (it is too slow for large packages): the template must be black-clean
on its own, which tests/test_render.py checks. Run this after editing the template.
"""

from __future__ import annotations

from pathlib import Path

import black
import jinja2

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "_tool_schemas.py.j2"
PLACEHOLDERS = {  # variable: (sentinel rendered into the code, how it reads in the template)
    "version": ("VERSION__SENTINEL", "{{ version }}"),
    "package_assignment": ('PACKAGE = "PACKAGE__SENTINEL"', "{{ package_assignment }}"),
    "package": ("PACKAGE__SENTINEL", "{{ package }}"),
    "core_statement": ("    return CORE__SENTINEL", "{{ core_statement }}"),
    "rest_statement": ("    return REST__SENTINEL", "{{ rest_statement }}"),
    "classes_statement": ("    return CLASSES__SENTINEL", "{{ classes_statement }}"),
}


def main() -> None:
    source = TEMPLATE.read_text(encoding="utf-8")
    environment = jinja2.Environment(keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    rendered = environment.from_string(source).render(
        {name: sentinel for name, (sentinel, _) in PLACEHOLDERS.items()}
    )
    formatted = black.format_str(rendered, mode=black.Mode(target_versions={black.TargetVersion.PY39}))
    for sentinel, placeholder in PLACEHOLDERS.values():  # longest sentinels first, as listed
        formatted = formatted.replace(sentinel, placeholder)
    missing = [p for _, p in PLACEHOLDERS.values() if p not in formatted]
    if "SENTINEL" in formatted or missing:
        raise SystemExit(f"black moved a placeholder ({missing or 'a sentinel'}); restore it by hand")
    TEMPLATE.write_text(formatted, encoding="utf-8")


if __name__ == "__main__":
    main()
