module github.com/pulumi-travel/pulumi-travel/sdk/go

go 1.24

require (
	github.com/blang/semver v3.5.1+incompatible
	github.com/pulumi/pulumi/sdk/v3 v3.259.0
)
