# hatch-toolschema: the public surface of the build plugin.
"""Freeze statically extracted LLM tool schemas into wheels at build time."""

__version__ = "0.1.0"
