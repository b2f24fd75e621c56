// compose-check loads a Compose file as `docker compose` does (compose-go v2: interpolation,
// merge keys, normalization and the loader's own checks) and prints the resolved project as
// JSON, or the loader's error and exit status 1.
//
//	compose-check -f docker-compose.yml [-env-file .env] [-profile observability]
//
// Only the env file is read, not this process's environment, so a test's result does not
// depend on the shell it ran in.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	file := flag.String("f", "docker-compose.yml", "the Compose file")
	envFile := flag.String("env-file", "", "the env file (default: none)")
	profiles := flag.String("profile", "", "comma-separated profiles to enable")
	flag.Parse()

	if err := check(*file, *envFile, *profiles); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func check(file, envFile, profiles string) error {
	dir, err := filepath.Abs(filepath.Dir(file))
	if err != nil {
		return err
	}
	opts := []cli.ProjectOptionsFn{cli.WithWorkingDirectory(dir), cli.WithInterpolation(true)}
	if envFile != "" {
		opts = append(opts, cli.WithEnvFiles(envFile), cli.WithDotEnv)
	}
	if profiles != "" {
		opts = append(opts, cli.WithProfiles(strings.Split(profiles, ",")))
	}
	options, err := cli.NewProjectOptions([]string{file}, opts...)
	if err != nil {
		return err
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		return err
	}
	out, err := project.MarshalJSON()
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(append(out, '\n'))
	return err
}
