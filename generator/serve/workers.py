"""A fixed pool of threads answering a socketserver's connections, in place of
ThreadingMixIn's thread per connection without limit: connections beyond WAITING more wait
unaccepted in the system's listen queue, holding no descriptor and no thread."""

from __future__ import annotations

import queue
import socket
import threading
from typing import Any

WORKERS = 32
WAITING = 4 * WORKERS  # connections accepted and waiting for a worker
STOP_SECONDS = 0.5


class WorkerPoolMixIn:
    """Mixed into a socketserver.TCPServer: its connections answered by WORKERS threads."""

    def __init__(self, *args: Any, **kwargs: Any):
        # Before the server's own: a port that cannot be had closes the server at once.
        self._waiting: queue.SimpleQueue[tuple[socket.socket, Any] | None] = queue.SimpleQueue()
        self._slots = threading.BoundedSemaphore(WORKERS + WAITING)
        self._closing = threading.Event()
        self._workers: list[threading.Thread] = []
        super().__init__(*args, **kwargs)
        for number in range(WORKERS):  # daemons: a connection must not keep the process alive
            name = f"{type(self).__name__}-{number}"
            self._workers.append(threading.Thread(target=self._work, name=name, daemon=True))
            self._workers[-1].start()

    def process_request(self, request: socket.socket, client_address: Any) -> None:
        """Hand the connection to the workers; while WAITING wait already, wait too."""
        while not self._slots.acquire(timeout=STOP_SECONDS):
            if self._closing.is_set():
                self.shutdown_request(request)  # type: ignore[attr-defined]
                return
        self._waiting.put((request, client_address))

    def crowded(self) -> bool:
        """Whether connections wait for a worker."""
        return not self._waiting.empty()

    def closing(self) -> None:
        """The server stops: the accepting thread waits for a worker no longer."""
        self._closing.set()

    def server_close(self) -> None:
        super().server_close()  # type: ignore[misc]
        self.closing()
        for _ in self._workers:  # each worker ends once the connection it answers is done
            self._waiting.put(None)

    def _work(self) -> None:
        while (taken := self._waiting.get()) is not None:
            request, client_address = taken
            try:
                self.finish_request(request, client_address)  # type: ignore[attr-defined]
            except Exception:
                self.handle_error(request, client_address)  # type: ignore[attr-defined]
            finally:
                self.shutdown_request(request)  # type: ignore[attr-defined]
                self._slots.release()
