// Runtime options for the Python language host that scripts/bootstrap builds from
// github.com/pulumi/pulumi/sdk/v3@v3.68.0 (see docs/toolchain.md). That host reads Pulumi.yaml's
// runtime options from command-line flags, which the 3.259 engine no longer passes: it sends them in
// the ProgramInfo of each request, a message newer than the v3.68 protocol. Bootstrap adds this file
// to the host and a call to useProgramInfo at the start of GetRequiredPlugins, Run and
// InstallDependencies, so that `runtime: {name: python, options: {virtualenv: venv}}` runs the
// program in that virtual environment, as current Python hosts do.
package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/structpb"
)

// Fields of the requests and of ProgramInfo (pulumi/language.proto) newer than the v3.68 proto.
const (
	getRequiredPluginsInfoField  protowire.Number = 4  // GetRequiredPluginsRequest.info
	runInfoField                 protowire.Number = 14 // RunRequest.info
	installDependenciesInfoField protowire.Number = 3  // InstallDependenciesRequest.info
	rootDirectoryField           protowire.Number = 1  // ProgramInfo.root_directory
	programOptionsField          protowire.Number = 4  // ProgramInfo.options (google.protobuf.Struct)
)

// programInfoMu guards the host's virtualenv fields, which every request may set.
var programInfoMu sync.Mutex

// useProgramInfo applies the runtime options of the request's ProgramInfo (field `field` of `req`)
// to the host: `virtualenv`, resolved against the project's root directory. An option this host
// does not implement is an error naming it, rather than being ignored.
func (host *pythonLanguageHost) useProgramInfo(req proto.Message, field protowire.Number) error {
	info, ok := bytesFields(req.ProtoReflect().GetUnknown())[field]
	if !ok {
		return nil
	}
	fields := bytesFields(info)
	var options structpb.Struct
	if err := proto.Unmarshal(fields[programOptionsField], &options); err != nil {
		return fmt.Errorf("reading the runtime options of Pulumi.yaml: %w", err)
	}
	var unsupported []string
	for name, value := range options.GetFields() {
		switch {
		case name == "virtualenv":
		case name == "toolchain" && value.GetStringValue() == "pip":
		default:
			unsupported = append(unsupported, fmt.Sprintf("%s: %v", name, value.AsInterface()))
		}
	}
	if len(unsupported) > 0 {
		sort.Strings(unsupported)
		return fmt.Errorf("this Python language host (pulumi-language-python of sdk/v3 v3.68.0, built by "+
			"pulumi-travel's scripts/bootstrap) supports only the runtime options virtualenv and toolchain: pip; "+
			"Pulumi.yaml sets %s", strings.Join(unsupported, ", "))
	}
	value, ok := options.GetFields()["virtualenv"]
	if !ok {
		return nil
	}
	virtualenv := value.GetStringValue()
	if virtualenv == "" {
		return fmt.Errorf("the runtime option virtualenv of Pulumi.yaml must be a directory name, not %v",
			value.AsInterface())
	}
	root := string(fields[rootDirectoryField])
	if root == "" {
		root = host.cwd
	}
	programInfoMu.Lock()
	defer programInfoMu.Unlock()
	host.virtualenv = virtualenv
	host.virtualenvPath = resolveVirtualEnvironmentPath(root, virtualenv)
	return nil
}
