"""The census atlas of `grundy serve` (/census): its API under good and hostile
queries, and its page in Debian's headless Chromium.

Usage: census_atlas_test.py GRUNDY CENSUS_FOLDER ARTIFACT_DIR
CENSUS_FOLDER is the repository's docs/census: the atlas is checked against
rows read here with Python's json, a reading independent of the server's.
"""

import json
import os
import sys
import tempfile
import time
import unittest
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser import chromium
from server import Server

GRUNDY = sys.argv[1]
CENSUS = sys.argv[2]
ARTIFACTS = sys.argv[3]
WAIT = 30


def rows_of(name):
    with open(os.path.join(CENSUS, name + ".jsonl")) as f:
        return [json.loads(line) for line in f if line.strip()]


class Api(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server(GRUNDY, "--census", CENSUS)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def get(self, path, **query):
        return self.server.request(path + ("?" + urllib.parse.urlencode(query) if query else ""))

    def test_every_row_of_every_census_is_reachable(self):
        status, about = self.get("/api/census/about")
        self.assertEqual(status, 200)
        games = set()
        for name in about["censuses"]:
            games |= {r["game"] for r in rows_of(name) if not name.endswith("-misere")}
        self.assertEqual(about["games"], len(games))
        listed, offset = set(), 0
        while True:
            status, page = self.get("/api/census/list", offset=offset, limit=500)
            self.assertEqual(status, 200)
            listed |= {r["game"] for r in page["rows"]}
            offset += 500
            if offset >= page["total"]:
                break
        self.assertEqual(listed, games)

    def test_a_deep_row_replaces_the_census_row(self):
        status, entry = self.get("/api/census/game", code=".1777")
        self.assertEqual(status, 200)
        # (The deep pass's row, folded into the census's file.)
        deep = [r for r in rows_of("octal-4") if r["game"] == "octal:0.1777"][0]
        self.assertIn("deepened_from", deep)
        s = entry["summary"]
        self.assertTrue(s["proven"] and s["deep"])
        self.assertEqual((s["period"], s["preperiod"], s["proof_bound"]),
                         (deep["period"], deep["preperiod"], deep["proof_bound"]))
        self.assertEqual(entry["normal"], deep)

    def test_groups_misere_and_sources(self):
        row = [r for r in rows_of("octal-3") if r.get("same_values_as")][0]
        status, entry = self.get("/api/census/game", code=row["game"])
        self.assertEqual(status, 200)
        self.assertIn(row["same_values_as"], entry["same_values"])
        misere = [r for r in rows_of("octal-3-misere") if r["game"] == row["game"]][0]
        self.assertEqual(entry["misere"], misere)
        self.assertEqual(entry["summary"]["misere_size"], misere["size"])
        self.assertEqual(len(entry["sources"]), 2)
        # A four-digit code is in neither published list.
        self.assertEqual(self.get("/api/census/game", code="0.1777")[1]["sources"], [])

    def test_filters_and_sorts(self):
        rows = rows_of("octal-3") + rows_of("octal-4")
        unsolved = {r["game"] for r in rows if not r["proven"]}
        unsolved -= {r["game"] for r in rows if r["proven"] and "deepened_from" in r}
        status, page = self.get("/api/census/list", filter="unsolved", limit=0)
        self.assertEqual((status, page["total"]), (200, len(unsolved)))
        status, page = self.get("/api/census/list", filter="unsolved", code="0.16", limit=500)
        self.assertIn("octal:0.167", [r["game"] for r in page["rows"]])
        status, page = self.get("/api/census/list", filter="new", limit=500)
        self.assertTrue(page["rows"] and all(r["proven"] and r["deep"] for r in page["rows"]))
        status, page = self.get("/api/census/list", sort="period", limit=20)
        periods = [r["period"] for r in page["rows"]]
        self.assertEqual(periods, sorted(periods, reverse=True))
        wild = sum(1 for r in rows_of("octal-3-misere") if not r["tame"])
        self.assertEqual(self.get("/api/census/list", filter="wild", limit=0)[1]["total"], wild)

    def test_downloads(self):
        status, kind, body = self.server.raw_request("/api/census/download?census=octal-3&format=jsonl")
        self.assertEqual((status, kind), (200, "application/x-ndjson"))
        self.assertEqual([json.loads(l) for l in body.decode().splitlines()], rows_of("octal-3"))
        status, kind, body = self.server.raw_request("/api/census/download?census=octal-3&format=csv")
        lines = body.decode().splitlines()
        self.assertTrue(kind.startswith("text/csv"))
        self.assertEqual(len(lines), 1 + len(rows_of("octal-3")))
        self.assertTrue(lines[0].startswith("game,digits,status,period,preperiod,proof_bound"))

    def test_a_picture_drawn_is_kept(self):
        path = "/api/plot?game=octal:0.167&to=300"
        first = self.server.raw_request(path)
        again = self.server.raw_request(path)
        self.assertEqual(first[0], 200)
        self.assertTrue(first[1].startswith("image/svg"))
        self.assertEqual(first, again)
        self.assertEqual(self.server.raw_request("/api/plot?game=octal:0.167&to=299")[0], 200)

    def test_hostile_queries_get_a_clear_400_at_once(self):
        long_code = "0." + "7" * 6000
        cases = [("/api/census/game", {"code": "0.9"}, "expected an octal code"),
                 ("/api/census/game", {"code": "0.12345"}, "in none of the censuses"),
                 ("/api/census/game", {"code": long_code}, "more than 64 characters"),
                 ("/api/census/game", {"code": "\x1b[2J"}, "expected an octal code"),
                 ("/api/census/game", {}, "expected an octal code"),
                 ("/api/census/list", {"code": long_code}, "the start of an octal code"),
                 ("/api/census/list", {"limit": "9" * 30}, "from 0 to 500"),
                 ("/api/census/list", {"offset": "-1"}, "whole number"),
                 ("/api/census/list", {"filter": "everything"}, "expected one of all, unsolved"),
                 ("/api/census/list", {"sort": "x"}, "expected one of code, period"),
                 ("/api/census/list", {"colour": "red"}, "not a word of this query"),
                 ("/api/census/download", {"census": "../../etc/passwd"}, "expected one of"),
                 ("/api/census/download", {"census": "octal-3", "format": "xml"}, "expected jsonl or csv")]
        for path, query, words in cases:
            start = time.monotonic()
            status, body = self.get(path, **query)
            self.assertEqual(status, 400, (path, query))
            self.assertIn(words, body["error"])
            self.assertNotIn("\x1b", body["error"])
            self.assertLess(time.monotonic() - start, 5)

    def test_a_folder_without_censuses_gives_an_empty_atlas(self):
        with tempfile.TemporaryDirectory() as empty:
            server = Server(GRUNDY, "--census", empty)
            try:
                self.assertEqual(server.request("/api/census/about")[1]["games"], 0)
                self.assertEqual(server.request("/api/census/game?code=0.07")[0], 400)
            finally:
                server.stop()

    def test_a_bad_row_is_named_by_file_and_line(self):
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "octal-2.jsonl"), "w") as f:
                f.write('{"game": "octal:0.07", "kind": "none"}\n{"game": \n')
            server = Server(GRUNDY, "--census", folder)
            try:
                status, body = server.request("/api/census/about")
                self.assertEqual(status, 500)
                self.assertIn("octal-2.jsonl:2: not a census row", body["error"])
            finally:
                server.stop()


class Page(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(ARTIFACTS, exist_ok=True)
        cls.server = Server(GRUNDY, "--census", CENSUS)
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def wait(self):
        return WebDriverWait(self.driver, WAIT)

    def test_look_up_a_code_see_its_proof_picture_and_play_it(self):
        d = self.driver
        d.get(self.server.url + "/census")
        d.find_element(By.ID, "code").send_keys(".1777")
        d.find_element(By.ID, "lookup").click()
        self.wait().until(lambda d: d.find_element(By.ID, "entry-title").text == "octal:0.1777")
        text = d.find_element(By.ID, "entry-rows").text
        self.assertIn("period 60,620,715 from heap 160,949,018, proven", text)
        self.assertIn("by a deep pass", text)
        # The picture is drawn by the server (gnuplot) and shown.
        self.wait().until(lambda d: d.execute_script(
            "const i = document.getElementById('entry-plot'); return i.complete && i.naturalWidth > 0;"))
        d.save_screenshot(os.path.join(ARTIFACTS, "census-atlas-entry.png"))
        d.find_element(By.ID, "play-link").click()
        self.wait().until(lambda d: d.find_element(By.ID, "position").get_attribute("value") == "octal:0.1777 12")

    def test_a_bad_code_is_explained(self):
        d = self.driver
        d.get(self.server.url + "/census.html")
        d.find_element(By.ID, "code").send_keys("0.9")
        d.find_element(By.ID, "lookup").click()
        self.wait().until(lambda d: "expected an octal code" in d.find_element(By.ID, "code-error").text)

    def test_the_unsolved_filter_lists_0_167(self):
        d = self.driver
        d.get(self.server.url + "/census.html")
        Select(d.find_element(By.ID, "filter")).select_by_value("unsolved")
        d.find_element(By.ID, "prefix").send_keys("0.16")
        self.wait().until(lambda d: "octal:0.167" in d.find_element(By.ID, "list-rows").text)
        self.assertNotIn("proven", d.find_element(By.ID, "list-rows").text)
        d.save_screenshot(os.path.join(ARTIFACTS, "census-atlas-unsolved.png"))
        # A game of the list opens its entry.
        d.find_element(By.LINK_TEXT, "octal:0.167").click()
        self.wait().until(lambda d: d.find_element(By.ID, "entry-title").text == "octal:0.167")
        self.assertIn("no period up to", d.find_element(By.ID, "entry-rows").text)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
