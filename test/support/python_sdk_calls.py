"""Checks a Python program's use of the generated SDK without the `pulumi` package, which is not
reachable here: every `travel.<Name>(...)` must name a class or function of the SDK, pass only
keyword arguments its signature has and every one it requires, and every attribute read from a
resource the program made (`acme.company_id`) must be an output property of its class.

    python3 python_sdk_calls.py <sdk package dir> <program.py> [module alias, default travel]

Prints one line per problem (`<line>: <what>`) and exits 1 when there is any."""

import ast
import pathlib
import sys


def definitions(package: pathlib.Path) -> dict:
    """The SDK's top-level classes and functions, by name."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                found.setdefault(node.name, node)
    return found


def parameters(function: ast.FunctionDef) -> tuple[set, set]:
    """The keyword parameter names of `function` and those without a default."""
    args = function.args
    positional = args.posonlyargs + args.args
    names = {a.arg for a in positional + args.kwonlyargs}
    defaults = {a.arg for a in positional[len(positional) - len(args.defaults):]}
    defaults |= {a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None}
    return names, names - defaults


def method(cls: ast.ClassDef, name: str):
    return next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == name), None)


def signature(name: str, sdk: dict):
    """(keyword names, required names, positional count) of calling `name`, or None."""
    node = sdk.get(name)
    if isinstance(node, ast.FunctionDef):
        names, required = parameters(node)
        return names, required, 0
    if not isinstance(node, ast.ClassDef):
        return None
    if method(node, "_internal_init") is not None:  # a resource: its Args class has the inputs
        names, required = parameters(method(sdk[name + "Args"], "__init__"))
        return names | {"opts"}, required - {"__self__"}, 1
    names, required = parameters(method(node, "__init__"))
    return names - {"__self__"}, required - {"__self__"}, 0


def properties(cls: ast.ClassDef) -> set:
    return {n.name for n in cls.body if isinstance(n, ast.FunctionDef)
            and any(isinstance(d, ast.Attribute) and d.attr == "property" for d in n.decorator_list)}


def check(package: pathlib.Path, program: pathlib.Path, alias: str) -> list[str]:
    sdk = definitions(package)
    tree = ast.parse(program.read_text(encoding="utf-8"))
    problems, made = [], {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == alias:
                for target in node.targets:
                    if isinstance(target, ast.Name) and isinstance(sdk.get(func.attr), ast.ClassDef):
                        made[target.id] = sdk[func.attr]
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == alias:
            name = node.func.attr
            found = signature(name, sdk)
            if found is None:
                problems.append(f"{node.lineno}: {alias}.{name} is not in the SDK")
                continue
            names, required, positional = found
            given = {k.arg for k in node.keywords if k.arg is not None}
            problems += [f"{node.lineno}: {alias}.{name} has no argument {k}" for k in sorted(given - names)]
            problems += [f"{node.lineno}: {alias}.{name} needs the argument {k}"
                         for k in sorted(required - given) if k != "resource_name"]
            if len(node.args) != positional:
                problems.append(f"{node.lineno}: {alias}.{name} takes {positional} positional argument(s)")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in made:
            cls = made[node.value.id]
            if node.attr not in properties(cls):
                problems.append(f"{node.lineno}: {cls.name} has no output {node.attr}")
    return problems


if __name__ == "__main__":
    found = check(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "travel")
    if found:
        print("\n".join(found))
    sys.exit(1 if found else 0)
