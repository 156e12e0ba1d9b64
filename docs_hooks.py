"""MkDocs hooks (mkdocs.yml `hooks:`): pages kept outside docs/ join the site, read in place.

bench/README.md lives beside the benchmarks it describes, yet is a page of the site too: it
is added as a file of the build, read from where it is, never copied. Every page writes its
links as the repository has them (docs/running.md, bench/README.md), so that they work where
the files are read on their own; on_page_markdown turns them into the site's own.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Final

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT: Final = Path(__file__).resolve().parent
# pages that live outside docs/: their path in the site, then in the repository
ELSEWHERE: Final = {"bench/README.md": "bench/README.md"}
_LINK: Final = re.compile(r"\]\((?P<target>[^)\s]+)(?P<title>\s+\"[^\"]*\")?\)")


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the pages kept elsewhere in the repository to the site's files."""
    for site, repository in ELSEWHERE.items():
        files.append(File.generated(config, site, abs_src_path=str(ROOT / repository)))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Turn links written as the repository has them into links between the site's pages."""
    docs = Path(config.docs_dir).resolve().relative_to(ROOT).as_posix()
    here = page.file.src_uri
    written_at = ELSEWHERE.get(here, f"{docs}/{here}")

    def site_link(found: re.Match[str]) -> str:
        target = found["target"]
        path, hash_, anchor = target.partition("#")
        if not path or ":" in path or path.startswith("/"):
            return found[0]  # an anchor on this page, a URL, or a path from the site's root
        repository = posixpath.normpath(posixpath.join(posixpath.dirname(written_at), path))
        if repository.startswith(f"{docs}/"):
            site = repository.removeprefix(f"{docs}/")
        else:
            site = next((s for s, r in ELSEWHERE.items() if r == repository), None)
        if site is None:  # outside the site: left as written, for the build to refuse
            return found[0]
        link = posixpath.relpath(site, posixpath.dirname(here) or ".")
        return f"]({link}{hash_}{anchor}{found['title'] or ''})"

    return _LINK.sub(site_link, markdown)


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: object) -> None:
    """Rebuild when a page kept elsewhere changes, under `mkdocs serve`."""
    for repository in ELSEWHERE.values():
        server.watch(str(ROOT / repository))
