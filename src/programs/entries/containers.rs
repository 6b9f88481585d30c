//! Entries for containers and clusters: `docker`, `docker-compose`, `kubectl`, `helm` (see
//! [`super`]).

use super::rw;
use crate::programs::scope as sc;
use crate::programs::{route, Eco, PipeSafety, Program};
use crate::recognise;
use PipeSafety::{Never, Producer};

pub const DOCKER: Program = Program {
    names: &["docker"],
    ecosystem: Eco::Containers,
    syntax: &recognise::DOCKER,
    routes: &[
        route("ps", "docker", "docker ps -a"),
        route("images", "docker", "docker images"),
        route("logs", "docker", "docker logs web").scoped(&sc::docker::NO_FOLLOW),
        route("compose", "docker", "docker compose logs web").scoped(&sc::docker::COMPOSE),
        route("container", "docker", "docker container ls").scoped(&sc::docker::CONTAINER),
        route("image", "docker", "docker image ls").scoped(&sc::docker::IMAGE),
        route("run", "docker-run", "docker run --rm alpine echo hi").scoped(&sc::container_run::RUN),
        route("exec", "docker-run", "docker exec web ls /app").scoped(&sc::container_run::RUN),
        route("build", "docker", "docker build -t shop .").scoped(&sc::docker::BUILD),
        route("inspect", "docker", "docker inspect web").scoped(&sc::docker::INSPECT),
    ],
    rewrite: rw(
        Never,
        "ps, images, logs, inspect, build, compose ps|logs|build|up -d, container ls|logs, image ls; never follow or attach; run/exec never with -i, -t or -d; build never quiet, to an output or another progress; inspect never --format",
    ),
};

pub const DOCKER_COMPOSE: Program = Program {
    names: &["docker-compose"],
    ecosystem: Eco::Containers,
    syntax: &recognise::SUB,
    routes: &[
        route("ps", "docker", "docker-compose ps").scoped(&sc::docker::NO_FOLLOW),
        route("logs", "docker", "docker-compose logs web").scoped(&sc::docker::NO_FOLLOW),
        route("build", "docker", "docker-compose build").scoped(&sc::docker::COMPOSE_V1_BUILD),
        route("up", "docker", "docker-compose up -d").scoped(&sc::docker::COMPOSE_V1_UP),
    ],
    rewrite: rw(Never, "never follow; `up` only detached (-d)"),
};

pub const KUBECTL: Program = Program {
    names: &["kubectl"],
    ecosystem: Eco::Containers,
    syntax: &recognise::KUBECTL,
    routes: &[
        route("get", "kubectl", "kubectl get pods").scoped(&sc::docker::NO_FOLLOW),
        route("logs", "kubectl", "kubectl logs web").scoped(&sc::docker::NO_FOLLOW),
        route("describe", "kubectl", "kubectl describe pod web"),
    ],
    rewrite: rw(Never, "never watch/follow"),
};

pub const HELM: Program = Program {
    names: &["helm"],
    ecosystem: Eco::Containers,
    syntax: &recognise::SUB,
    routes: &[
        route("list", "helm", "helm list").scoped(&sc::cloud::HELM),
        route("ls", "helm", "helm ls").scoped(&sc::cloud::HELM),
        route("history", "helm", "helm history web").scoped(&sc::cloud::HELM),
    ],
    rewrite: rw(
        Producer,
        "list and history tables; never another output format",
    ),
};
