// RunPlugin for the nodejs language host that scripts/bootstrap builds from
// github.com/pulumi/pulumi/sdk/v3@v3.68.0 (see docs/toolchain.md). That host answers RunPlugin
// with "not supported"; the 3.259 engine starts a Node policy pack (`--policy-pack <dir>`) only
// through RunPlugin of the language host named by the pack's PulumiPolicy.yaml, so bootstrap drops
// this file into the host's package in place of the stub. It runs the pack as current hosts do:
// `node <@pulumi/pulumi/cmd/run-policy-pack> <engine address> .` in the pack's directory, streaming
// its output and exit code back to the engine.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/encoding/protowire"
)

// Fields of RunPluginRequest and ProgramInfo (pulumi/language.proto) newer than the v3.68 proto;
// they reach this host as unknown fields.
const (
	runPluginInfoField    protowire.Number = 5 // RunPluginRequest.info (ProgramInfo)
	runPluginKindField    protowire.Number = 6 // RunPluginRequest.kind
	programDirectoryField protowire.Number = 2 // ProgramInfo.program_directory
)

// pluginStream sends what the plugin writes to the engine, one message per write.
type pluginStream struct {
	mu     *sync.Mutex
	server pulumirpc.LanguageRuntime_RunPluginServer
	stderr bool
}

func (s pluginStream) Write(p []byte) (int, error) {
	chunk := append([]byte(nil), p...)
	response := &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: chunk}}
	if s.stderr {
		response = &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: chunk}}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.server.Send(response); err != nil {
		return 0, err
	}
	return len(p), nil
}

// RunPlugin runs a Node policy pack (an analyzer plugin); other plugin kinds are refused.
func (host *nodeLanguageHost) RunPlugin(
	req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer,
) error {
	fields := bytesFields(req.ProtoReflect().GetUnknown())
	kind := string(fields[runPluginKindField])
	if kind != "" && kind != "analyzer" {
		return fmt.Errorf("this nodejs language host (built by pulumi-travel's scripts/bootstrap) runs policy packs only, not %s plugins", kind)
	}
	dir := string(bytesFields(fields[runPluginInfoField])[programDirectoryField])
	if dir == "" {
		dir = req.GetProgram()
	}
	if dir == "" {
		return errors.New("RunPlugin: the request names no program directory")
	}
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("could not find node on the $PATH: %w", err)
	}
	env := append(os.Environ(), req.GetEnv()...)
	resolve := exec.Command(nodeBin, "-e", "console.log(require.resolve('@pulumi/pulumi/cmd/run-policy-pack'))")
	resolve.Dir = dir
	resolve.Env = env
	out, err := resolve.Output()
	if err != nil {
		return fmt.Errorf("it looks like the policy pack's dependencies are not installed: "+
			"@pulumi/pulumi/cmd/run-policy-pack cannot be resolved from %s (run npm install there): %w", dir, err)
	}
	args := append([]string{strings.TrimSpace(string(out))}, req.GetArgs()...)
	args = append(args, ".")
	var mu sync.Mutex
	// #nosec G204
	cmd := exec.Command(nodeBin, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdout = pluginStream{mu: &mu, server: server}
	cmd.Stderr = pluginStream{mu: &mu, server: server, stderr: true}
	code := int32(0)
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return err
		}
		code = int32(exit.ExitCode())
	}
	mu.Lock()
	defer mu.Unlock()
	return server.Send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: code}})
}
