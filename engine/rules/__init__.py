"""The rules: YAML source, extends, the schema, expressions, scoring tables, and compiling a
variant file into a frozen Variant."""
