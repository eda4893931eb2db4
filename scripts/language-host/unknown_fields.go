// Fields of protobuf messages newer than the v3.68 protocol the language hosts that
// scripts/bootstrap builds from github.com/pulumi/pulumi/sdk/v3@v3.68.0 were compiled with: the
// 3.259 engine sends them, and they reach a host as unknown fields. Bootstrap adds this file to the
// nodejs host (with run_plugin.go) and to the Python host (with python_options.go).
package main

import "google.golang.org/protobuf/encoding/protowire"

// bytesFields returns the last value of each length-delimited field of a protobuf message.
func bytesFields(message []byte) map[protowire.Number][]byte {
	fields := map[protowire.Number][]byte{}
	for len(message) > 0 {
		number, kind, n := protowire.ConsumeTag(message)
		if n < 0 {
			return fields
		}
		message = message[n:]
		if kind == protowire.BytesType {
			value, m := protowire.ConsumeBytes(message)
			if m < 0 {
				return fields
			}
			fields[number] = value
			message = message[m:]
			continue
		}
		m := protowire.ConsumeFieldValue(number, kind, message)
		if m < 0 {
			return fields
		}
		message = message[m:]
	}
	return fields
}
