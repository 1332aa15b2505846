# Each option: accepted values, wrong types and unknown names, with the exact message hatchling users expect.
from __future__ import annotations

import re
from pathlib import Path

import pytest

from hatch_toolschema.config import Config, ConfigError, parse_build_config, parse_metadata_config
from conftest import build_wheel, write_project

TABLE = "`tool.hatch.build.hooks.toolschema`"


def test_defaults() -> None:
    assert parse_build_config({}) == Config()


def test_hatchling_reserved_keys_are_accepted() -> None:
    assert parse_build_config({"dependencies": ["x"], "enable-by-default": True}) == Config()


def test_unknown_option_is_named() -> None:
    with pytest.raises(ConfigError, match=rf"^Unknown option `inclde` in {TABLE}; the options are `docstring-style`"):
        parse_build_config({"inclde": ["x:*"]})


class TestPackages:
    def test_correct(self) -> None:
        assert parse_build_config({"packages": ["src/a"]}).packages == ("src/a",)

    def test_not_array(self) -> None:
        with pytest.raises(ConfigError, match=rf"^Option `packages` in {TABLE} must be an array of non-empty strings$"):
            parse_build_config({"packages": "src/a"})


class TestIncludeExclude:
    @pytest.mark.parametrize("option", ["include", "exclude"])
    def test_correct(self, option: str) -> None:
        assert getattr(parse_build_config({option: ["a:*"]}), option) == ("a:*",)

    @pytest.mark.parametrize("option", ["include", "exclude"])
    @pytest.mark.parametrize("value", ["a:*", [1], [""]])
    def test_wrong_type(self, option: str, value: object) -> None:
        with pytest.raises(ConfigError, match=rf"^Option `{option}` in {TABLE} must be an array of non-empty strings$"):
            parse_build_config({option: value})


class TestDocstringStyle:
    @pytest.mark.parametrize("style", ["auto", "google", "numpy", "sphinx"])
    def test_correct(self, style: str) -> None:
        assert parse_build_config({"docstring-style": style}).docstring_style == style

    def test_wrong_value(self) -> None:
        with pytest.raises(ConfigError, match=rf"^Option `docstring-style` in {TABLE} must be one of `auto`, `google`, `numpy`, `sphinx`, not 'epytext'$"):
            parse_build_config({"docstring-style": "epytext"})


class TestStrict:
    def test_correct(self) -> None:
        assert parse_build_config({"strict": True}).strict is True

    def test_wrong_type(self) -> None:
        with pytest.raises(ConfigError, match=rf"^Option `strict` in {TABLE} must be a boolean$"):
            parse_build_config({"strict": "yes"})


class TestEntryPointGroup:
    def test_correct(self) -> None:
        assert parse_build_config({"entry-point-group": "my.tools"}).entry_point_group == "my.tools"

    @pytest.mark.parametrize("value", [3, "has space", ""])
    def test_wrong(self, value: object) -> None:
        with pytest.raises(ConfigError, match=rf"^Option `entry-point-group` in {TABLE} must be a string"):
            parse_build_config({"entry-point-group": value})


class TestTypePackages:
    def test_correct(self) -> None:
        config = parse_build_config({"type-packages": ["acme_models", "acme.core", "acme_models"]})
        assert config.type_packages == ("acme.core", "acme_models")

    @pytest.mark.parametrize("value", ["acme_models", [1], [""]])
    def test_wrong_type(self, value: object) -> None:
        with pytest.raises(ConfigError, match=rf"^Option `type-packages` in {TABLE} must be an array of non-empty strings$"):
            parse_build_config({"type-packages": value})

    @pytest.mark.parametrize("name", ["acme-models", "acme/models", "acme_models:Order", ".acme", "1acme"])
    def test_not_an_import_name(self, name: str) -> None:
        with pytest.raises(ConfigError, match=rf"^Option `type-packages` in {TABLE} takes import names \(`acme_models`\), not '{re.escape(name)}'$"):
            parse_build_config({"type-packages": [name]})

    @pytest.mark.parametrize("name", ["typing", "collections.abc", "datetime", "pydantic", "pydantic.fields", "langchain_core"])
    def test_known_already(self, name: str) -> None:
        with pytest.raises(ConfigError, match=rf"^Option `type-packages` in {TABLE} names `{name}`, whose types hatch-toolschema knows already; leave it out$"):
            parse_build_config({"type-packages": [name]})


class TestMetadataHook:
    def test_entry_points(self) -> None:
        assert parse_metadata_config({"entry-points": {"console_scripts": {"x": "a:b"}}}) == {"console_scripts": {"x": "a:b"}}

    def test_unknown(self) -> None:
        with pytest.raises(ConfigError, match=r"^Unknown option `group` in `tool.hatch.metadata.hooks.toolschema`"):
            parse_metadata_config({"group": "x"})

    def test_wrong_type(self) -> None:
        with pytest.raises(ConfigError, match=r"must be a table of tables of strings$"):
            parse_metadata_config({"entry-points": {"g": "x"}})


def test_bad_option_fails_a_real_build_with_the_option_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = write_project(tmp_path / "p", {"demo/__init__.py": ""}, hook="strict = 1")
    with pytest.raises(SystemExit):
        build_wheel(project, tmp_path / "dist")
    assert "Option `strict` in `tool.hatch.build.hooks.toolschema` must be a boolean" in capsys.readouterr().err


def test_custom_group_and_kept_entry_points(tmp_path: Path) -> None:
    from conftest import wheel_files

    project = write_project(
        tmp_path / "p",
        {"demo/__init__.py": "", "demo/t.py": "def f(x: int) -> int:\n    '''Double.'''\n    return 2 * x\n"},
        hook='include = ["demo.t:*"]\nentry-point-group = "my_tools"',
    )
    pyproject = project / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text().replace(
            "[tool.hatch.metadata.hooks.toolschema]\n",
            '[tool.hatch.metadata.hooks.toolschema]\nentry-points = {pytest11 = {demo = "demo.t"}}\n',
        )
    )
    text = wheel_files(build_wheel(project, tmp_path / "dist"))["demo-0.1.0.dist-info/entry_points.txt"].decode()
    assert "[my_tools]\ndemo = demo._tool_schemas:TOOLS" in text
    assert "[pytest11]\ndemo = demo.t" in text
