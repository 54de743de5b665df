"""Scale out as users would run it: two server hosts behind nginx, with
PostgreSQL and Redis, one host killed mid-game, play going on.

The test builds the network itself: three network namespaces (the balancer
and two hosts) joined by veth pairs, with link-local addresses that exist
only inside them (169.254.28.0/24; never a private range, nothing outside
the namespaces sees them). nginx runs in the balancer's namespace with the
configuration docs/deploy.md gives (deploy/nginx/*.conf, included as they
are: a table's requests routed to one host by its id); the test reaches it
through a unix socket, and the hosts reach the machine's PostgreSQL and
Redis through unix-socket relays (a namespace has its own loopback). It needs root and ``ip netns``; without them it is
skipped with one loud line.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, unix_connect

from tests.server.conftest import REDIS_UP, REDIS_URL
from tests.server.procs import LAUNCH, ROOT

DEPLOY = ROOT / "deploy" / "nginx"
PORT = 8000
#: (balancer side, host side) of each host's link
LINKS = [("169.254.28.1", "169.254.28.2"), ("169.254.28.5", "169.254.28.6")]
#: the clients' link to the balancer (issue 41): nginx's TLS address, and two clients
CLIENT_LB, CLIENTS = "169.254.28.9", ("169.254.28.10", "169.254.28.11")


def _missing() -> str | None:
    if os.geteuid() != 0:
        return "not root"
    for tool in ("ip", "nginx"):
        if shutil.which(tool) is None:
            return f"no {tool}"
    probe = f"gsprobe{secrets.token_hex(3)}"
    if subprocess.run(["ip", "netns", "add", probe], capture_output=True).returncode != 0:
        return "ip netns does not work here"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


MISSING = _missing()
if MISSING:
    print(f"!!! the scale-out test (two hosts behind nginx) is SKIPPED: {MISSING} !!!",
          file=sys.stderr)
pytestmark = [
    pytest.mark.skipif(MISSING is not None, reason=f"!!! scale-out test SKIPPED: {MISSING} !!!"),
    pytest.mark.skipif(not REDIS_UP, reason="Redis at 127.0.0.1:6379 does not answer"),
]


def run(*args: str) -> None:
    subprocess.run(args, check=True, capture_output=True)


class Relay:
    """Accepts on a unix socket and pipes each connection to a TCP port of
    this namespace's loopback (how the hosts reach PostgreSQL and Redis)."""

    def __init__(self, path: Path, port: int) -> None:
        self.port = port
        self.server = socket.socket(socket.AF_UNIX)
        self.server.bind(str(path))
        self.server.listen(64)
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.port))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.server.close()


class Cluster:
    """The namespaces, relays, hosts and balancer of one test."""

    def __init__(self, folder: Path, pg_url: str) -> None:
        self.folder = folder
        tag = secrets.token_hex(3)
        self.lb = f"gs{tag}lb"
        self.hosts = [f"gs{tag}h{i}" for i in (1, 2)]
        self.clients = f"gs{tag}c"
        self.procs: list[subprocess.Popen[bytes] | None] = [None, None]
        self.nginx: subprocess.Popen[bytes] | None = None
        self.relays: list[Relay] = []
        self.pg_url = pg_url
        self.socket = folder / "lb.sock"

    def network(self) -> None:
        for ns in (self.lb, *self.hosts, self.clients):
            run("ip", "netns", "add", ns)
            run("ip", "-n", ns, "link", "set", "lo", "up")
        # the clients' namespace: two addresses that reach nginx over TLS
        a, b = f"{self.lb}c", f"{self.clients}x"
        run("ip", "link", "add", a, "type", "veth", "peer", "name", b)
        run("ip", "link", "set", a, "netns", self.lb)
        run("ip", "link", "set", b, "netns", self.clients)
        run("ip", "-n", self.lb, "addr", "add", f"{CLIENT_LB}/29", "dev", a)
        for address in CLIENTS:
            run("ip", "-n", self.clients, "addr", "add", f"{address}/29", "dev", b)
        run("ip", "-n", self.lb, "link", "set", a, "up")
        run("ip", "-n", self.clients, "link", "set", b, "up")
        for i, (host, (lb_addr, host_addr)) in enumerate(zip(self.hosts, LINKS, strict=True)):
            a, b = f"{self.lb}{i}", f"{host}x"
            run("ip", "link", "add", a, "type", "veth", "peer", "name", b)
            run("ip", "link", "set", a, "netns", self.lb)
            run("ip", "link", "set", b, "netns", host)
            run("ip", "-n", self.lb, "addr", "add", f"{lb_addr}/30", "dev", a)
            run("ip", "-n", host, "addr", "add", f"{host_addr}/30", "dev", b)
            run("ip", "-n", self.lb, "link", "set", a, "up")
            run("ip", "-n", host, "link", "set", b, "up")

    def data(self) -> tuple[str, str]:
        """Relays to PostgreSQL and Redis; the URLs the hosts use."""
        pg_dir = self.folder / "pg"
        pg_dir.mkdir()
        self.relays.append(Relay(pg_dir / ".s.PGSQL.5432", 5432))
        self.relays.append(Relay(self.folder / "redis.sock", 6379))
        options = self.pg_url.split("?", 1)[1]  # this session's schema
        return (f"postgresql+psycopg://postgres@/test?host={pg_dir}&{options}",
                f"unix://{self.folder / 'redis.sock'}?db=0")

    def start_host(self, i: int, db: str, redis: str) -> None:
        args = ["ip", "netns", "exec", self.hosts[i], sys.executable, "-c", LAUNCH, "serve",
                "--host", LINKS[i][1], "--port", str(PORT), "--db", db, "--redis", redis,
                "--trusted-proxy", LINKS[i][0]]  # the balancer, as docs/deploy.md says
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        self.procs[i] = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL, start_new_session=True)

    def wait_host(self, i: int) -> None:
        probe = ("import sys, urllib.request; "
                 f"sys.exit(urllib.request.urlopen('http://{LINKS[i][1]}:{PORT}/api/games', "
                 "timeout=2).status != 200)")
        deadline = time.monotonic() + 120  # a loaded small machine starts it slowly
        while time.monotonic() < deadline:
            proc = self.procs[i]
            assert proc is not None and proc.poll() is None, "a host died on start"
            if subprocess.run(["ip", "netns", "exec", self.hosts[i], sys.executable, "-c", probe],
                              capture_output=True).returncode == 0:
                return
            time.sleep(0.5)
        raise RuntimeError(f"host {i + 1} did not start")

    def balancer(self) -> None:
        upstream = "\n".join(f"        server {host}:{PORT} max_fails=1 fail_timeout=30s;"
                             for _lb, host in LINKS)
        cert, key = self.folder / "tls.crt", self.folder / "tls.key"
        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
            "/CN=gameshelf", "-keyout", str(key), "-out", str(cert))
        conf = self.folder / "nginx.conf"
        conf.write_text(f"""daemon off;
user root;
worker_processes 1;
pid {self.folder}/nginx.pid;
error_log {self.folder}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {self.folder}/body;
    proxy_temp_path {self.folder}/proxy;
    include {DEPLOY / 'gameshelf-http.conf'};
    upstream gameshelf {{
        include {DEPLOY / 'gameshelf-balance.conf'};
{upstream}
        keepalive 8;
    }}
    server {{
        listen unix:{self.socket};
        listen {CLIENT_LB}:443 ssl;
        ssl_certificate {cert};
        ssl_certificate_key {key};
        include {DEPLOY / 'gameshelf-proxy.conf'};
    }}
}}
""")
        self.nginx = subprocess.Popen(["ip", "netns", "exec", self.lb, "nginx", "-c", str(conf),
                                       "-p", str(self.folder)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while not self.socket.exists():
            assert self.nginx.poll() is None, self.nginx.stderr.read() if self.nginx.stderr else ""
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.1)

    def kill_host(self, i: int) -> None:
        proc = self.procs[i]
        if proc is not None and proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # the server and its bot processes, at once
            proc.wait()

    def close(self) -> None:
        for i in range(len(self.hosts)):
            self.kill_host(i)
        if self.nginx is not None and self.nginx.poll() is None:
            self.nginx.terminate()
            self.nginx.wait(10)
        for relay in self.relays:
            relay.close()
        for ns in (self.lb, *self.hosts, self.clients):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)

    def from_clients(self, script: str, *args: str) -> Any:
        """Run ``script`` (Python, printing JSON) in the clients' namespace."""
        done = subprocess.run(["ip", "netns", "exec", self.clients, sys.executable, "-c", script,
                               *args], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)


@pytest.fixture
def cluster(tmp_path: Path, pg_url: str) -> Iterator[Cluster]:
    folder = Path(f"/tmp/gs-scale-{secrets.token_hex(3)}")  # short: a unix socket path is < 108 bytes
    folder.mkdir()
    made = Cluster(folder, pg_url)
    try:
        made.network()
        db, redis = made.data()
        for i in range(2):
            made.start_host(i, db, redis)
        for i in range(2):
            made.wait_host(i)
        made.balancer()
        yield made
    finally:
        made.close()
        shutil.rmtree(folder, ignore_errors=True)


def connect(cluster: Cluster, table: str, token: str, last: int | None = None) -> ClientConnection:
    query = f"token={token}" + (f"&last={last}" if last is not None else "")
    return unix_connect(str(cluster.socket), f"ws://gameshelf/api/tables/{table}/ws?{query}")


def host_of(ws: ClientConnection) -> str:
    assert ws.response is not None  # (after a failover nginx lists each host it tried)
    return str(ws.response.headers["X-Gameshelf-Host"]).split(", ")[-1].split(":")[0]


def next_view(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=30))
        if message["type"] in ("sync", "update"):
            return dict(message["view"])


def create(http: httpx.Client) -> tuple[str, dict[str, str]]:
    r = http.post("/api/tables", json={"game": "filthy-rich", "players": 2,
                                       "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def answered_by(response: httpx.Response) -> str:
    return response.headers["X-Gameshelf-Host"].split(", ")[-1].split(":")[0]


def test_a_table_stays_on_one_host_and_tables_spread(cluster: Cluster) -> None:
    """The balancer routes by the table's id (deploy/nginx/gameshelf-balance.conf):
    a table's sockets and requests all reach one host, tables reach both, and
    the rest is spread."""
    transport = httpx.HTTPTransport(uds=str(cluster.socket))
    with httpx.Client(transport=transport, base_url="http://gameshelf", timeout=30) as http:
        hosts: dict[str, str] = {}
        for _ in range(12):
            table, tokens = create(http)
            sockets = [connect(cluster, table, tokens[str(i)]) for i in range(2)]
            landed = {host_of(ws) for ws in sockets}
            landed |= {answered_by(http.get(f"/api/tables/{table}")) for _ in range(3)}
            view = http.get(f"/api/tables/{table}/view",
                            headers={"Authorization": f"Bearer {tokens['0']}"})
            assert view.status_code == 200, view.text
            landed.add(answered_by(view))
            for ws in sockets:
                ws.close()
            assert len(landed) == 1, (table, landed)
            hosts[table] = landed.pop()
            if len(set(hosts.values())) == 2:
                break
        assert set(hosts.values()) == {host for _lb, host in LINKS}, hosts
        # requests about no table (the lobby) go round robin
        lobby = {answered_by(http.get("/api/tables")) for _ in range(4)}
        assert lobby == {host for _lb, host in LINKS}, lobby


def test_a_game_survives_losing_one_of_two_hosts(cluster: Cluster) -> None:
    transport = httpx.HTTPTransport(uds=str(cluster.socket))
    with httpx.Client(transport=transport, base_url="http://gameshelf", timeout=30) as http:
        table, tokens = create(http)
        sockets = [connect(cluster, table, tokens[str(i)]) for i in range(2)]
        landed = [host_of(ws) for ws in sockets]
        assert landed[0] == landed[1], landed  # routed by the table's id: one host
        other = next(host for _lb, host in LINKS if host != landed[0])
        views = [next_view(ws) for ws in sockets]
        entries, killed = 0, False
        while not views[0]["over"] and entries < 600:
            if entries == 12 and not killed:  # mid-game: the table's host goes down
                cluster.kill_host([host for _lb, host in LINKS].index(landed[0]))
                killed = True
                for i, ws in enumerate(sockets):
                    with pytest.raises(ConnectionClosed):  # its sockets died with it
                        while True:
                            ws.recv(timeout=30)
                    sockets[i] = connect(cluster, table, tokens[str(i)], last=views[i]["state"])
                    assert host_of(sockets[i]) == other  # the balancer sent it to the other
                    views[i] = next_view(sockets[i])
            mover = views[0]["to_move"]
            legal = views[mover]["legal"]
            assert legal, views[mover]
            sockets[mover].send(json.dumps({"type": "move", "after": views[mover]["state"],
                                            "action": legal[entries % len(legal)]["action"]}))
            entries += 1
            for i, ws in enumerate(sockets):
                while views[i]["state"] < entries:
                    views[i] = next_view(ws)
        assert killed and views[0]["over"] and views[1]["over"], entries
        assert views[0]["result"] == views[1]["result"]
        record = http.get(f"/api/tables/{table}/record")  # through the balancer: the live host
        assert record.status_code == 200 and len(record.json()["actions"]) == entries
        assert answered_by(record) == other
        for ws in sockets:
            ws.close()


#: two clients behind the balancer, over TLS: one guesses names until its
#: address is throttled (a spoofed X-Forwarded-For does not help it), the
#: other logs in meanwhile; prints what each was answered
CLIENTS_SCRIPT = """
import json, sys
import httpx
name, password, lb, first, second = sys.argv[1:6]
def client(address):
    transport = httpx.HTTPTransport(local_address=address, verify=False)
    return httpx.Client(base_url=f"https://{lb}", transport=transport, timeout=60)
out = {}
with client(first) as a:
    out["guesses"] = [a.post("/api/auth/login", json={"name": f"nobody-{i}-{name}",
                      "password": "wrong password"}).status_code for i in range(10)]
    r = a.post("/api/auth/login", json={"name": name, "password": password},
               headers={"X-Forwarded-For": second})
    out["first"] = [r.status_code, r.headers.get("retry-after")]
with client(second) as b:
    r = b.post("/api/auth/login", json={"name": name, "password": password})
    out["second"] = [r.status_code, r.headers.get_list("set-cookie")]
print(json.dumps(out))
"""


def test_each_client_is_throttled_on_its_own_and_cookies_are_secure(cluster: Cluster) -> None:
    """Issue 41 through the documented deployment: the hosts trust the
    balancer (--trusted-proxy), so a client that guesses is throttled by its
    own address, on both hosts (the counters are in Redis), while another
    client behind the same balancer logs in; over TLS its cookies are Secure."""
    name, password = f"scale{secrets.token_hex(4)}", "correct horse battery"
    import redis

    from gameshelf.server.auth.throttle import ADDRESS, SIGNUP, key_hash

    # the counters live in the machine's Redis for their window: a run a few
    # minutes ago left these addresses throttled
    stale = [f"gameshelf:try:{key_hash(rule, address)}" for rule in (ADDRESS, SIGNUP)
             for address in (*CLIENTS, "unix:")]
    redis.Redis.from_url(REDIS_URL).delete(*stale)
    transport = httpx.HTTPTransport(uds=str(cluster.socket))
    with httpx.Client(transport=transport, base_url="http://gameshelf", timeout=30) as http:
        r = http.post("/api/auth/register", json={"name": name, "password": password})
        assert r.status_code == 201, r.text
        assert "secure" not in r.headers["set-cookie"].lower()  # plain http: no Secure
    out = cluster.from_clients(CLIENTS_SCRIPT, name, password, CLIENT_LB, *CLIENTS)
    assert out["guesses"] == [401] * 10, out
    assert out["first"][0] == 429 and int(out["first"][1]) > 0, out
    status, cookies = out["second"]
    assert status == 200 and len(cookies) == 2, out
    assert all("secure" in c.lower() and "httponly" in c.lower() for c in cookies), cookies
