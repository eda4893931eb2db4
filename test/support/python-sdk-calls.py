"""Checks a Python program's use of a generated Pulumi SDK against the SDK's own source.

    python3 python-sdk-calls.py <sdk package dir> <alias> <program.py>...

Without the `pulumi` Python package (not reachable here) no type checker can load the SDK, so this
reads both with `ast`: every `<alias>.<Name>` the program uses exists in the SDK; a resource's
keyword arguments are parameters of its constructor, and its required ones (those of its `<Name>Args`
without a default) are given; a function's keyword arguments are its parameters; a dict literal
given where the SDK takes `<Type>Args`/`<Type>ArgsDict` (directly or in a list, also through a
module-level name) has only that TypedDict's keys and all its required ones, at any depth; an
enum's member exists; an attribute read from a resource the program made is an output property of
its class. Every SDK module and each program are compiled first. Prints one line per problem,
prefixed with the program's path, and exits 1 when there is any.
"""

import ast
import re
import sys
from pathlib import Path

RESOURCE_ATTRIBUTES = {"urn", "id", "get_provider", "pulumi_type"}


class Sdk:
    """The names the SDK package exports, read from its modules."""

    def __init__(self, package: Path):
        self.resources = {}  # class name -> (constructor parameters, required, annotations, properties)
        self.functions = {}  # function name -> parameters
        self.enums = {}  # enum name -> members
        self.typed_dicts = {}  # TypedDict name -> (keys -> annotation, required keys)
        args_required = {}
        for path in sorted(package.rglob("*.py")):
            source = path.read_text()
            compile(source, str(path), "exec")
            tree = ast.parse(source)
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    self._read_class(node, args_required)
                elif isinstance(node, ast.FunctionDef) and node.col_offset == 0:
                    self.functions[node.name] = {a.arg for a in node.args.args + node.args.kwonlyargs}
        for name, resource in self.resources.items():
            resource["required"] = args_required.get(f"{name}Args", set())

    def _read_class(self, node: ast.ClassDef, args_required: dict):
        bases = {ast.unparse(base) for base in node.bases}
        if "Enum" in bases:
            self.enums[node.name] = {t.id for s in node.body if isinstance(s, ast.Assign) for t in s.targets if isinstance(t, ast.Name)}
        elif "TypedDict" in bases:
            fields = {s.target.id: ast.unparse(s.annotation) for s in node.body if isinstance(s, ast.AnnAssign)}
            required = {key for key, annotation in fields.items() if not annotation.startswith("NotRequired")}
            self.typed_dicts[node.name] = (fields, required)
        elif "pulumi.CustomResource" in bases or "pulumi.ProviderResource" in bases:
            inits = [s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"]
            keyword = next((i for i in inits if [a.arg for a in i.args.args[:2]] == ["__self__", "resource_name"] and i.args.args[2:]), None)
            params = {a.arg: ast.unparse(a.annotation) if a.annotation else "" for a in (keyword.args.args if keyword else [])}
            properties = {s.name for s in node.body if isinstance(s, ast.FunctionDef) and any(ast.unparse(d).split(".")[-1] == "property" for d in s.decorator_list)}
            self.resources[node.name] = {"params": params, "properties": properties}
        elif node.name.endswith("Args"):
            init = next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
            if init:
                without_default = init.args.kwonlyargs[: len(init.args.kwonlyargs)]
                defaults = init.args.kw_defaults
                args_required[node.name] = {a.arg for a, d in zip(without_default, defaults) if d is None}


class Checker(ast.NodeVisitor):
    def __init__(self, sdk: Sdk, alias: str, program: ast.Module):
        self.sdk, self.alias, self.problems = sdk, alias, []
        self.instances = {}  # program name -> resource class
        self.dicts = {}  # module-level name -> dict literal
        for statement in program.body:
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
                if isinstance(statement.value, ast.Dict):
                    self.dicts[statement.targets[0].id] = statement.value
                name = self._sdk_name(statement.value.func) if isinstance(statement.value, ast.Call) else None
                if name in sdk.resources:
                    self.instances[statement.targets[0].id] = name

    def problem(self, node: ast.AST, text: str):
        self.problems.append(f"line {node.lineno}: {text}")

    def _sdk_name(self, node: ast.AST):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == self.alias:
            return node.attr
        return None

    def visit_Attribute(self, node: ast.Attribute):
        name = self._sdk_name(node)
        sdk = self.sdk
        if name is not None and name not in sdk.resources and name not in sdk.functions and name not in sdk.enums:
            self.problem(node, f"{self.alias}.{name} is not in the SDK")
        if isinstance(node.value, ast.Attribute):
            enum = self._sdk_name(node.value)
            if enum in sdk.enums and node.attr not in sdk.enums[enum]:
                self.problem(node, f"{enum} has no member {node.attr} (one of {', '.join(sorted(sdk.enums[enum]))})")
        if isinstance(node.value, ast.Name) and node.value.id in self.instances:
            resource = self.instances[node.value.id]
            if node.attr not in sdk.resources[resource]["properties"] | RESOURCE_ATTRIBUTES:
                self.problem(node, f"{resource} has no output {node.attr}")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call):
        name = self._sdk_name(node.func)
        keywords = {k.arg: k.value for k in node.keywords if k.arg is not None}
        if name in self.sdk.resources:
            resource = self.sdk.resources[name]
            for keyword, value in keywords.items():
                if keyword == "opts":
                    continue
                if keyword not in resource["params"]:
                    self.problem(node, f"{name} takes no argument {keyword}")
                else:
                    self.check_value(value, resource["params"][keyword], f"{name}.{keyword}")
            for missing in sorted(resource["required"] - keywords.keys()):
                self.problem(node, f"{name} needs the argument {missing}")
        elif name in self.sdk.functions:
            for keyword in keywords.keys() - self.sdk.functions[name]:
                self.problem(node, f"{name} takes no argument {keyword}")
        self.generic_visit(node)

    def check_value(self, value: ast.AST, annotation: str, where: str):
        """A dict literal (or a list of them) where the SDK takes a TypedDict."""
        if isinstance(value, ast.Name) and value.id in self.dicts:
            value = self.dicts[value.id]
        match = re.search(r"'(\w+ArgsDict)'", annotation)
        if match is None or match.group(1) not in self.sdk.typed_dicts:
            return
        if isinstance(value, (ast.List, ast.Tuple)):
            for item in value.elts:
                self.check_value(item, annotation, f"{where}[]")
            return
        if not isinstance(value, ast.Dict):
            return
        fields, required = self.sdk.typed_dicts[match.group(1)]
        keys = {k.value: v for k, v in zip(value.keys, value.values) if isinstance(k, ast.Constant)}
        for key, item in keys.items():
            if key not in fields:
                self.problem(value, f"{where}: {match.group(1)} has no key {key!r} (one of {', '.join(sorted(fields))})")
            else:
                self.check_value(item, fields[key], f"{where}.{key}")
        for key in sorted(required - keys.keys()):
            self.problem(value, f"{where}: {match.group(1)} needs the key {key!r}")


def main() -> int:
    package, alias = Path(sys.argv[1]), sys.argv[2]
    sdk = Sdk(package)
    found = False
    for program_path in map(Path, sys.argv[3:]):
        source = program_path.read_text()
        compile(source, str(program_path), "exec")
        checker = Checker(sdk, alias, ast.parse(source))
        checker.visit(ast.parse(source))
        for problem in checker.problems:
            print(f"{program_path}: {problem}")
        found = found or bool(checker.problems)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
