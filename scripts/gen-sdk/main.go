// Command gen-sdk writes the Go, Python, .NET and Node.js SDKs of the `travel` provider plugin from
// its Pulumi package schema, with Pulumi's own code generators (github.com/pulumi/pulumi/pkg/v3/codegen,
// pinned in go.mod).
//
//	gen-sdk <schema.json> <out dir>
//
// writes <out dir>/go, <out dir>/python, <out dir>/dotnet and <out dir>/nodejs, each emptied first so
// a type that left the schema leaves no file behind. The Node.js SDK is TypeScript source that
// `npm run build` compiles into the npm package as `pulumi-travel/plugin` (docs/sdks.md). `npm run sdk` runs it on schemas/pulumi-package.json into sdk/;
// test/unit/sdk.test.ts regenerates into a temporary folder and compares with the committed SDKs.
//
// Generation makes no network request: the .NET generator fetches the schema's logoUrl for the
// NuGet package icon, and this program answers that request with logo.png beside it (embedded) and
// refuses every other one.
package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"

	dotnetgen "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool is the name the generated files' headers give as their generator.
const tool = "pulumi-travel gen-sdk"

// goSDKVersion is the github.com/pulumi/pulumi/sdk/v3 version the Go SDK's go.mod requires.
const goSDKVersion = "v3.259.0"

//go:embed logo.png
var logo []byte

// offlineTransport serves the schema's logo and refuses any other request.
type offlineTransport struct{ logoURL string }

func (t offlineTransport) RoundTrip(request *http.Request) (*http.Response, error) {
	if request.URL.String() != t.logoURL {
		return nil, fmt.Errorf("gen-sdk makes no network request (asked for %s)", request.URL)
	}
	return &http.Response{
		StatusCode: http.StatusOK,
		Status:     "200 OK",
		Header:     http.Header{"Content-Type": []string{"image/png"}},
		Body:       io.NopCloser(bytes.NewReader(logo)),
		Request:    request,
	}, nil
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: gen-sdk <schema.json> <out dir>")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintf(os.Stderr, "gen-sdk: %v\n", err)
		os.Exit(1)
	}
}

// load reads and binds the package schema; each generator binds its own copy, since binding
// imports language sections into the package it returns.
func load(path string) (*schema.Package, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	pkg, err := schema.ImportSpec(spec, nil, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return pkg, nil
}

func run(schemaPath, out string) error {
	generators := []struct {
		dir      string
		generate func(pkg *schema.Package) (map[string][]byte, error)
	}{
		{"go", generateGo},
		{"python", func(pkg *schema.Package) (map[string][]byte, error) {
			return pythongen.GeneratePackage(tool, pkg, nil, nil)
		}},
		{"dotnet", func(pkg *schema.Package) (map[string][]byte, error) {
			http.DefaultTransport = offlineTransport{logoURL: pkg.LogoURL}
			return dotnetgen.GeneratePackage(tool, pkg, nil, nil)
		}},
		{"nodejs", func(pkg *schema.Package) (map[string][]byte, error) {
			files, err := nodejsgen.GeneratePackage(tool, pkg, nil, nil, false, nil)
			if err != nil {
				return nil, err
			}
			return rootImportsFixed(files), nil
		}},
	}
	for _, generator := range generators {
		pkg, err := load(schemaPath)
		if err != nil {
			return err
		}
		files, err := generator.generate(pkg)
		if err != nil {
			return fmt.Errorf("generating the %s SDK: %w", generator.dir, err)
		}
		if err := write(filepath.Join(out, generator.dir), files); err != nil {
			return err
		}
	}
	return nil
}

// generateGo writes the Go package under travel/ and a go.mod making sdk/go one module, so a
// program can `replace` it with a local path.
func generateGo(pkg *schema.Package) (map[string][]byte, error) {
	files, err := gogen.GeneratePackage(tool, pkg, nil)
	if err != nil {
		return nil, err
	}
	info, _ := pkg.Language["go"].(gogen.GoPackageInfo)
	module := strings.TrimSuffix(info.ImportBasePath, "/"+pkg.Name)
	if module == info.ImportBasePath {
		return nil, fmt.Errorf("language.go.importBasePath %q does not end in /%s", info.ImportBasePath, pkg.Name)
	}
	files["go.mod"] = []byte(fmt.Sprintf(
		"module %s\n\ngo 1.24\n\nrequire (\n\tgithub.com/blang/semver v3.5.1+incompatible\n\tgithub.com/pulumi/pulumi/sdk/v3 %s\n)\n",
		module, goSDKVersion))
	return files, nil
}

// rootImportsFixed corrects the imports of the package root in the Node.js SDK's nested files
// (config/vars.ts, types/*.ts). codegen/nodejs computes the way up as
// path.Dir(filepath.Rel(module, "")): Go before 1.26 returned "../." for filepath.Rel("config", ""),
// which path.Dir turns into "..", but Go 1.26's filepath.Rel cleans its result to "..", which
// path.Dir turns into ".", so those files import "./utilities" and "./types/input" from their own
// folder. A file at depth d gets d steps up instead; built with an older Go, the generator writes
// them right and nothing is changed.
func rootImportsFixed(files map[string][]byte) map[string][]byte {
	for name, text := range files {
		depth := strings.Count(name, "/")
		if depth == 0 || !strings.HasSuffix(name, ".ts") {
			continue
		}
		up := strings.TrimSuffix(strings.Repeat("../", depth), "/")
		for _, target := range []string{"utilities", "types/"} {
			text = bytes.ReplaceAll(text, []byte(`from "./`+target), []byte(`from "`+up+"/"+target))
		}
		files[name] = text
	}
	return files
}

// write replaces directory dir with files (paths relative to it).
func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}
