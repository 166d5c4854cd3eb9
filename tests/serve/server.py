"""A `grundy serve` for tests: started on a free loopback port, stopped at the end."""

import json
import os
import signal
import subprocess
import urllib.error
import urllib.request


class Server:
    def __init__(self, grundy, *args, log=None, command=None, cwd=None):
        """`log`: a file for the server's standard error, to read what it logged (else a pipe).
        `command`: another command that serves the page (python3 -m grundy serve ...), run in `cwd`."""
        self.grundy = grundy
        # --port 0: the server picks a free port and prints it, so tests never
        # collide with each other or with anything else on the machine.
        self.process = subprocess.Popen(command or [grundy, "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE if log is None else log, text=True, cwd=cwd)
        line = self.process.stdout.readline()
        self.first_line = line
        if "http://" not in line:
            self.process.kill()
            raise RuntimeError(f"grundy serve did not start: {line!r}"
                               f" {self.process.stderr.read() if self.process.stderr else ''!r}")
        self.url = line.split("open ")[1].split(" ")[0].rstrip("/")
        self.port = int(self.url.rsplit(":", 1)[1])

    def request(self, path, body=None, raw=None, method=None, content_type="application/json"):
        """(status, decoded JSON answer) of one request."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": content_type})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def raw_request(self, path, data=None, content_type="application/json"):
        """(status, Content-Type, body bytes) of one request, whatever the answer's type."""
        req = urllib.request.Request(self.url + path, data=data, headers={"Content-Type": content_type})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return r.status, r.headers["Content-Type"], r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers["Content-Type"], e.read()

    def post(self, path, body):
        return self.request(path, body)

    def children(self):
        """The server's descendants alive now (its zygote and the workers the zygote forks)."""
        found, todo = [], [str(self.process.pid)]
        while todo:
            pid = todo.pop()
            try:
                for task in os.listdir(f"/proc/{pid}/task"):
                    with open(f"/proc/{pid}/task/{task}/children") as f:
                        kids = f.read().split()
                    found += kids
                    todo += kids
            except FileNotFoundError:
                pass  # ended meanwhile
        return found

    def stop(self):
        if self.process.stdout.closed:
            return self.process.returncode  # stopped before
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()
        if self.process.stderr is not None:
            self.errors = self.process.stderr.read()  # what the server logged
            self.process.stderr.close()
        return self.process.returncode
