// Which environment variables are configuration a user of the product sets, and which are set by
// CI, the build tool, the platform or the user's shell for every program alike.

import { areaOf } from './identity/layout.ts';
import { baseName } from './sources.ts';
import type { EnvVarClass, Identity, NonProductRole } from './types.ts';

// set by CI services for each job (GitHub Actions, GitLab, CircleCI, Travis, Buildkite…); an app's
// own GITHUB_CLIENT_ID or GITHUB_TOKEN for the GitHub API is its configuration
const CI_NAME =
  /^(CI|CONTINUOUS_INTEGRATION|BUILD_NUMBER|TF_BUILD|JENKINS_URL|GITLAB_CI|TEAMCITY_VERSION|CIRCLECI|TRAVIS|BUILDKITE|APPVEYOR|(CI|RUNNER|ACTIONS|TRAVIS|CIRCLE|BUILDKITE|APPVEYOR|DRONE|CODEBUILD)_\w+|GITHUB_(ACTIONS?|ACTION_\w+|ACTOR\w*|API_URL|BASE_REF|ENV|EVENT_\w+|GRAPHQL_URL|HEAD_REF|JOB|OUTPUT|PATH|REF\w*|REPOSITORY\w*|RETENTION_DAYS|RUN_\w+|SERVER_URL|SHA|STEP_SUMMARY|TRIGGERING_ACTOR|WORKFLOW\w*|WORKSPACE))$/;

// set by the build tool for the code it compiles: cargo, npm scripts, Go, Gradle/Maven wrappers
const BUILD_NAME =
  /^(CARGO|CARGO_\w+|RUSTC\w*|RUSTFLAGS|RUSTDOC\w*|OUT_DIR|DEP_\w+|npm_\w+|NPM_CONFIG_\w+|GOOS|GOARCH|GOFLAGS|CGO_\w+|SOURCE_DATE_EPOCH)$/;

// set by the operating system, the terminal or the hosting platform, the same for every program;
// the colour conventions (NO_COLOR, CLICOLOR, FORCE_COLOR) are the user's choice, so configuration
const PLATFORM_NAME =
  /^(PATH|PATHEXT|HOME|USER|USERNAME|USERPROFILE|USERDOMAIN|LOGNAME|SHELL|TERM|TERM_PROGRAM|COLORTERM|EDITOR|VISUAL|PAGER|LESS|LESSCHARSET|MORE|BROWSER|LANG|LANGUAGE|LC_\w+|TZ|TMPDIR|TEMP|TMP|PWD|OLDPWD|HOSTNAME|DISPLAY|WAYLAND_DISPLAY|SSH_\w+|SUDO_\w+|XDG_\w+|APPDATA|LOCALAPPDATA|PROGRAMDATA|PROGRAMFILES(\(X86\))?|SYSTEMROOT|SYSTEMDRIVE|WINDIR|COMSPEC|OS|MSYSTEM|PROCESSOR_\w+|NUMBER_OF_PROCESSORS|COLUMNS|LINES|JAVA_HOME|GOPATH|GOROOT|PYTHONPATH|VIRTUAL_ENV|WSL_\w+|VERCEL|VERCEL_\w+|NEXT_PUBLIC_VERCEL_\w+|NETLIFY|DYNO|FLY_\w+|RAILWAY_\w+|RENDER|RENDER_\w+|K_SERVICE|K_REVISION|KUBERNETES_\w+|AWS_LAMBDA_\w+|AWS_EXECUTION_ENV|LAMBDA_TASK_ROOT|WEBSITE_\w+)$/;

// the protocol between a shell's completion function and the program: bash's COMP_*, clap's *_COMPLETE
const COMPLETION_NAME = /^(COMP_\w+|COMPREPLY|COMP_WORDS|_ARGCOMPLETE\w*|_?[A-Z][A-Z0-9_]*_COMPLETE)$/;

/** Files whose variables belong to CI, whatever their name. */
export function isCiFile(p: string): boolean {
  return /(^|\/)\.(github|gitlab|circleci|buildkite)\/|(^|\/)\.gitlab-ci\.ya?ml$|(^|\/)(\.travis|appveyor|azure-pipelines|bitbucket-pipelines|\.drone)\.ya?ml$|(^|\/)Jenkinsfile$/.test(
    p,
  );
}

/** Files the build runs: a cargo build script, a Dockerfile, the Gradle/Maven wrapper scripts. */
export function isBuildFile(p: string): boolean {
  const b = baseName(p);
  return (
    b === 'build.rs' ||
    /^(Dockerfile|Containerfile)(\.[\w-]+)?$|\.Dockerfile$/.test(b) ||
    /^(gradlew|mvnw)(\.bat|\.cmd)?$/.test(b)
  );
}

/**
 * Shell completion scripts read the completion protocol's variables, never the product's settings.
 * A source file of the program named for completion (`completions.go`) also reads the user's own
 * settings (`<PROGRAM>_COMPLETION_DESCRIPTIONS`), so only scripts count.
 */
function isCompletionFile(p: string): boolean {
  if (/(^|\/)(completions?|bash_completion\.d)\//i.test(p)) return true;
  return (
    /(^|[/._-])completions?([._-][^/]*)?$/i.test(p) &&
    !/\.(go|rs|py|[cm]?[jt]sx?|java|kt|rb|php|cs|c|cc|cpp|h|swift)$/i.test(p)
  );
}

/** The class of an environment variable read, from its name and the file that reads it. */
export function envClass(pattern: string, file: string): EnvVarClass {
  // a name computed at run time (`_<PROG_NAME>_COMPLETE`) is judged by its fixed parts
  const name = pattern.replace(/<[^<>]*>/g, 'X');
  if (isCiFile(file)) return 'ci';
  if (COMPLETION_NAME.test(name) || isCompletionFile(file)) return 'completion';
  if (CI_NAME.test(name)) return 'ci';
  if (BUILD_NAME.test(name) || isBuildFile(file)) return 'build';
  // Windows reads its variables in any case (`ComSpec`, `SystemRoot`, `windir`)
  if (PLATFORM_NAME.test(name) || PLATFORM_NAME.test(name.toUpperCase())) return 'platform';
  return 'config';
}

// folders of helper scripts and sites kept beside the product (release scripts, an install script on the website)
const SCRIPT_DIR = /(^|\/)(scripts?|tools?|www|site|website|perf[\w-]*|bench[\w-]*)\//i;

/** Whose read this is: its folder's role; a script folder outside the product's paths is 'scripts'. */
export function envArea(
  file: string,
  identity: Pick<Identity, 'nonProduct' | 'productPaths'>,
): NonProductRole | 'product' {
  const area = areaOf(file, identity);
  if (area !== 'product') return area;
  const inProduct = identity.productPaths.some((d) => file === d || file.startsWith(d + '/'));
  return !inProduct && SCRIPT_DIR.test(file) ? 'scripts' : 'product';
}
