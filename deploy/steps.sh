#!/bin/sh
# The image's build and install steps, one stage per RUN line of deploy/Dockerfile. `npm run test:deploy`
# (deploy/test-deploy.mjs) reads the Dockerfile and runs the same lines on a clean copy of the repository, so
# what the image does and what was tested are one script. Plain POSIX sh: the image's /bin/sh is dash.
#
#   sh deploy/steps.sh npm                 the npm the image builds with: the one the test ran on
#   sh deploy/steps.sh build               npm ci and the production build (web, pre-render, server)
#   sh deploy/steps.sh stage <dir>         what the runtime stage copies, in <dir>/install and <dir>/app
#   sh deploy/steps.sh install             production dependencies of the server's workspaces only
#   sh deploy/steps.sh user <name>         the unprivileged user that runs the server, owning data/ only
set -eu

# The npm of the machine where `npm run test:deploy` last passed; the node image ships an older one.
NPM_VERSION=11.19.1

stage=${1:-}
case "$stage" in
  npm)
    current=$(npm --version)
    if [ "$current" = "$NPM_VERSION" ]; then
      echo "npm $current"
    elif [ "${DEPLOY_TEST:-}" = 1 ]; then
      # The test never replaces the machine's npm: the image would build with another npm than was tested.
      echo "This machine has npm $current, the image pins $NPM_VERSION (deploy/steps.sh): make them agree." >&2
      exit 1
    else
      npm install --global --no-audit --no-fund "npm@$NPM_VERSION"
    fi
    ;;

  build)
    # npm 11 skips dependencies' install scripts that package.json's allowScripts does not approve, and lists
    # them (esbuild's, protobufjs's): none is needed, esbuild and sharp take their platform's binary from an
    # optional package of the lockfile, and the build and test:deploy pass without them.
    npm ci --no-audit --no-fund
    npm run build
    ;;

  stage)
    out=${2:?usage: steps.sh stage <dir>}
    rm -rf "$out"
    mkdir -p "$out/install/deploy" "$out/app/apps/server" "$out/app/apps/web"
    # npm ci checks the lockfile against every workspace, so each workspace's package.json goes along (a few
    # kB), though only the server's are installed. The root package.json also marks the repository root, where
    # the server looks for apps/web/dist and data/ (findRepoRoot in apps/server/src/config/config.ts).
    cp package.json package-lock.json .npmrc "$out/install/"
    for manifest in */package.json */*/package.json; do
      case "$manifest" in node_modules/* | deploy/*) continue ;; esac
      mkdir -p "$out/install/$(dirname "$manifest")"
      cp "$manifest" "$out/install/$manifest"
    done
    cp deploy/steps.sh "$out/install/deploy/"
    # The server bundle (main.js, create-admin.js, migrations/), the browser's files and the pre-render bundle
    # (self-contained: vite's ssr.noExternal).
    cp -R apps/server/dist "$out/app/apps/server/dist"
    cp -R apps/web/dist apps/web/dist-ssr "$out/app/apps/web/"
    ;;

  install)
    # The server's bundle compiles @parking/domain in but imports npm packages (its own and the domain's zod
    # and date-fns) from node_modules: those two workspaces' production dependencies, nothing of the web's.
    npm ci --omit=dev --no-audit --no-fund --workspace @parking/server --workspace @parking/domain
    ;;

  user)
    name=${2:?usage: steps.sh user <name>}
    if ! id -u "$name" >/dev/null 2>&1; then
      useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$name"
    fi
    # The code stays root's (read-only to the server); data/ is where it may write (photos with
    # PHOTO_STORAGE=filesystem, an embedded database without DATABASE_URL).
    mkdir -p data
    chown "$name:" data
    chmod 700 data
    ;;

  *)
    echo "usage: sh deploy/steps.sh npm|build|stage <dir>|install|user <name>" >&2
    exit 2
    ;;
esac
