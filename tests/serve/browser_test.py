"""The page of `grundy serve` in a real, headless Chromium (Debian's chromium,
chromium-driver and python3-selenium; nothing is downloaded).

Usage: browser_test.py GRUNDY ARTIFACT_DIR LOOPY_GRAPH UNDIRECTED_GRAPH
Plays nim 3 4 5 by clicking and following Hint (the person wins), lets the
engine move first (the engine wins), checks a bad spec's message against the
command line's, and the phone-sized dark page; plays a Cram board by
clicking its cells and Node Kayles by clicking vertices; screenshots go to
ARTIFACT_DIR.
"""

import os
import re
import subprocess
import sys
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import Select, WebDriverWait

from browser import chromium
from server import Server

GRUNDY = sys.argv[1]
ARTIFACTS = sys.argv[2]
LOOPY = sys.argv[3]
UNDIRECTED = sys.argv[4]
WAIT = 30  # seconds: generous for a loaded CI machine; the page answers in milliseconds


class Page(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(ARTIFACTS, exist_ok=True)
        cls.server = Server(GRUNDY, "--graph", LOOPY, "--graph", UNDIRECTED)
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.stop()

    def wait(self):
        return WebDriverWait(self.driver, WAIT)

    def status(self):
        return self.driver.find_element(By.ID, "status").text

    def open_and_start(self, position, first="me", keep_play=False):
        """Starts `position`; the page is loaded afresh (normal play) unless `keep_play` keeps its choice."""
        if not keep_play:
            self.driver.get(self.server.url + "/")
        elif self.driver.find_element(By.ID, "setup").get_attribute("hidden"):
            self.driver.find_element(By.ID, "new-button").click()
        self.wait().until(lambda d: len(Select(d.find_element(By.ID, "family")).options) > 0)
        box = self.driver.find_element(By.ID, "position")
        box.clear()
        box.send_keys(position)
        self.driver.find_element(By.CSS_SELECTOR, f"input[name=first][value={first}]").click()
        self.driver.find_element(By.ID, "start").click()

    def phase(self):
        phase, ply = self.driver.execute_script("return [document.body.dataset.phase, document.body.dataset.ply]")
        return phase, int(ply or 0)

    def wait_for_my_turn_or_end(self, after_ply=-1):
        """Until the person is to move or the game is over, with more than `after_ply` moves played."""
        def settled(_):
            phase, ply = self.phase()  # one reading: the page may move on between two
            return (phase, ply) if phase in ("my-turn", "over") and ply > after_ply else None
        return self.wait().until(settled)

    def test_1_the_person_wins_by_following_hints(self):
        self.open_and_start("nim 3 4 5")
        phase, ply = self.wait_for_my_turn_or_end()
        moves = 0
        while phase != "over":
            self.driver.find_element(By.ID, "hint-button").click()
            hint = self.wait().until(ec.visibility_of_element_located((By.ID, "hint")))
            self.assertIn("nim-sum", hint.text)
            component = hint.get_attribute("data-component")
            leave = eval(hint.get_attribute("data-to"))[0]  # a JSON list of numbers
            token = self.driver.find_element(
                By.CSS_SELECTOR, f"button.token[data-component='{component}'][data-leave='{leave}']")
            # Every other move with the keyboard alone: focus the token, press Enter.
            if moves % 2 == 0:
                token.click()
            else:
                token.send_keys(Keys.ENTER)
            moves += 1
            phase, ply = self.wait_for_my_turn_or_end(ply)
            self.assertLess(moves, 20)
        self.assertIn("You win", self.status())
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-person-wins.png"))

    def test_2_the_engine_wins_when_it_moves_first(self):
        self.open_and_start("nim 3 4 5", first="engine")
        moves = 0
        phase, ply = self.wait_for_my_turn_or_end()
        while phase != "over":
            # Any move: the first token of the first heap left.
            self.driver.find_element(By.CSS_SELECTOR, "button.token:not([disabled])").click()
            moves += 1
            phase, ply = self.wait_for_my_turn_or_end(ply)
            self.assertLess(moves, 20)
        self.assertIn("The engine wins", self.status())
        # Show values: one value per heap, and the nim-sum line.
        self.driver.find_element(By.ID, "values-button").click()
        self.wait().until(lambda d: d.find_element(By.ID, "sum-line").is_displayed())
        self.assertIn("nim-sum 0", self.driver.find_element(By.ID, "sum-line").text)

    def test_3_a_bad_spec_shows_the_command_lines_message(self):
        self.open_and_start("nimm 3")
        error = self.wait().until(ec.visibility_of_element_located((By.ID, "position-error")))
        cli = subprocess.run([GRUNDY, "moves", "nimm", "3"], capture_output=True, text=True)
        self.assertEqual(error.text, cli.stderr.strip().removeprefix("grundy: error: ").replace(
            "('grundy games' describes them)", "(GET /api/games describes them)"))
        self.assertTrue(self.driver.find_element(By.ID, "game").get_attribute("hidden"))

    def test_4_an_illegal_click_is_explained(self):
        self.open_and_start("subtraction:1,3,4 6")
        self.wait_for_my_turn_or_end()
        # Leaving 4 takes 2, which subtraction:1,3,4 does not allow.
        self.driver.find_element(By.CSS_SELECTOR, "button.token[data-leave='4']").click()
        error = self.wait().until(ec.visibility_of_element_located((By.ID, "move-error")))
        self.assertIn("cannot go from 6 to 4", error.text)
        self.assertIn("Legal moves", error.text)
        # Two clicks before the first answer: one move, and one reply.
        self.driver.execute_script("const t = document.querySelector(\"button.token[data-leave='5']\"); t.click(); t.click();")
        phase, ply = self.wait_for_my_turn_or_end(0)
        self.assertEqual(ply, 2)
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "#board > li")), 1)

    def test_5_draws_on_a_graph_with_cycles(self):
        # From the game list: the graph's suggested start is a token in the hall (value ∞{}).
        self.driver.get(self.server.url + "/")
        self.wait().until(lambda d: len(Select(d.find_element(By.ID, "family")).options) > 0)
        Select(self.driver.find_element(By.ID, "family")).select_by_visible_text(f"graph:{LOOPY}")
        self.assertEqual(self.driver.find_element(By.ID, "position").get_attribute("value"), f"graph:{LOOPY} hall")
        self.driver.find_element(By.ID, "start").click()
        phase, ply = self.wait_for_my_turn_or_end()
        self.assertIn("Play can go on forever", self.driver.find_element(By.ID, "rules-line").text)
        # The hall has a door back into itself: staying put twice more repeats the position three times.
        while phase != "over":
            self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, ".options button"))
            stay = [b for b in self.driver.find_elements(By.CSS_SELECTOR, ".options button") if b.text == "→ hall"]
            if not stay:
                break
            stay[0].click()
            phase, ply = self.wait_for_my_turn_or_end(ply)
            self.assertLess(ply, 40)
        if phase == "over":
            self.assertEqual(self.status(), "The same position has come up 3 times: a draw.")
        else:
            # The engine left the hall: a draw can still be offered while neither side can force a win.
            self.driver.find_element(By.ID, "draw-button").click()
            self.wait().until(lambda d: self.phase()[0] == "over")
            self.assertEqual(self.status(), "The engine accepts the draw: neither side can force a win from here.")

    def test_6_phone_sized_and_dark(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        self.driver.set_window_size(390, 844)
        try:
            self.open_and_start("nim 3 4 5 + kayles 6")
            self.wait_for_my_turn_or_end()
            self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, ".options button"))
            background = self.driver.execute_script("return getComputedStyle(document.body).backgroundColor")
            rgb = [int(x) for x in background[background.index("(") + 1:-1].split(",")[:3]]
            self.assertLess(sum(rgb), 150, background)
            # Nothing is wider than the phone's screen.
            width = self.driver.execute_script("return document.documentElement.scrollWidth")
            inner = self.driver.execute_script("return window.innerWidth")
            self.assertLessEqual(width, inner)
            # A split in Kayles from its list of moves.
            self.driver.find_element(By.CSS_SELECTOR, ".options button").click()
            self.wait_for_my_turn_or_end(0)
            self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-phone-dark.png"))
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            self.driver.set_window_size(900, 1100)

    def test_7_misere_play(self):
        # Misère nim 3 4 5: the player to move wins by Bouton's rule; the hints lead there.
        self.driver.get(self.server.url + "/")
        self.wait().until(lambda d: len(Select(d.find_element(By.ID, "family")).options) > 0)
        self.driver.find_element(By.CSS_SELECTOR, "input[name=play][value=misere]").click()
        self.open_and_start("nim 3 4 5", keep_play=True)
        phase, ply = self.wait_for_my_turn_or_end()
        self.assertEqual(self.driver.find_element(By.ID, "game-title").text, "nim 3 4 5 (misère)")
        self.assertIn("whoever makes the last move loses", self.driver.find_element(By.ID, "rules-line").text)
        # Values in misère play are genera.
        self.driver.find_element(By.ID, "values-button").click()
        self.wait().until(lambda d: d.find_element(By.ID, "sum-line").is_displayed())
        self.assertEqual([t.get_attribute("data-genus") for t in self.driver.find_elements(By.CSS_SELECTOR, ".value-tag")],
                         ["3^3", "4^4", "5^5"])
        self.assertIn("misère", self.driver.find_element(By.ID, "sum-line").text)
        self.driver.find_element(By.ID, "values-button").click()
        moves = 0
        while phase != "over":
            self.driver.find_element(By.ID, "hint-button").click()
            hint = self.wait().until(ec.visibility_of_element_located((By.ID, "hint")))
            component = hint.get_attribute("data-component")
            leave = eval(hint.get_attribute("data-to"))[0]  # a JSON list of one number
            self.driver.find_element(
                By.CSS_SELECTOR, f"button.token[data-component='{component}'][data-leave='{leave}']").click()
            moves += 1
            phase, ply = self.wait_for_my_turn_or_end(ply)
            self.assertLess(moves, 20)
        # The engine is left to take the last token.
        self.assertRegex(self.status(), r"^The engine moved heap \d: 1 -> 0, the last move: you win \(misère play\)\.$")
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-misere.png"))
        # The engine moving first from one token must take it, and so loses.
        self.open_and_start("nim 1", first="engine", keep_play=True)
        self.wait_for_my_turn_or_end()
        self.assertEqual(self.status(), "The engine moved heap 1: 1 -> 0, the last move: you win (misère play).")
        # Misère play of a graph with cycles is refused before the game starts, in the library's words.
        self.open_and_start(f"graph:{LOOPY} hall", keep_play=True)
        error = self.wait().until(ec.visibility_of_element_located((By.ID, "position-error")))
        self.assertIn("misère play of games with cycles is not supported", error.text)

    def hinted(self, selector):
        """The elements the hint marks (after asking for it)."""
        self.driver.find_element(By.ID, "hint-button").click()
        self.wait().until(ec.visibility_of_element_located((By.ID, "hint")))
        return self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, selector))

    def test_9_cram_by_clicking_cells(self):
        self.open_and_start("cram 3x5")
        phase, ply = self.wait_for_my_turn_or_end()
        cells = self.driver.find_elements(By.CSS_SELECTOR, "button.cell")
        self.assertEqual(len(cells), 15)
        # A first click chooses a cell and marks the cells it can pair with;
        # a click on a cell that is no partner chooses that one instead.
        cells[0].click()
        self.assertEqual(cells[0].get_attribute("aria-pressed"), "true")
        partners = {c.get_attribute("data-cell") for c in self.driver.find_elements(By.CSS_SELECTOR, ".cell.partner")}
        self.assertEqual(partners, {"1", "5"})
        cells[12].click()
        self.assertEqual(cells[0].get_attribute("aria-pressed"), "false")
        self.assertEqual(cells[12].get_attribute("aria-pressed"), "true")
        cells[12].click()  # chosen again: no cell chosen
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".cell.chosen"), [])
        moves = 0
        while phase != "over":
            pair = self.hinted(".cell.hinted")
            self.assertEqual(len(pair), 2)
            pair[0].click()
            if moves % 2 == 0:
                pair[1].click()
            else:
                pair[1].send_keys(Keys.ENTER)
            moves += 1
            phase, ply = self.wait_for_my_turn_or_end(ply)
            if phase != "over":
                # The engine's domino is marked: two cells it just took.
                self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, ".cell.just-taken")), 2)
            self.assertLess(moves, 8)
            self.assert_dominoes_are_pieces(ply)
        self.assertIn("You win", self.status())
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-cram.png"))

    def assert_dominoes_are_pieces(self, ply):
        """Each domino placed so far is drawn as one piece: two cells side by side, joined, in its placer's colour."""
        pieces = {}
        for cell in self.driver.find_elements(By.CSS_SELECTOR, ".cell.piece"):
            pieces.setdefault(cell.get_attribute("data-piece"), []).append(cell)
        self.assertEqual(len(pieces), ply)  # one domino a move, both sides'
        width = 5
        for cells in pieces.values():
            self.assertEqual(len(cells), 2)
            a, b = sorted(int(c.get_attribute("data-cell")) for c in cells)
            self.assertIn(b - a, (1, width))
            first = next(c for c in cells if int(c.get_attribute("data-cell")) == a)
            self.assertIn("joins-right" if b - a == 1 else "joins-down", first.get_attribute("class").split())
            owners = {"by-me" in c.get_attribute("class") for c in cells}
            self.assertEqual(len(owners), 1)
        colours = {c.value_of_css_property("background-color")
                   for cells in pieces.values() for c in cells}
        self.assertEqual(len(colours), min(ply, 2))  # the person's and the engine's

    def test_10_node_kayles_by_clicking_vertices(self):
        self.open_and_start(f"node-kayles:{UNDIRECTED} all")
        phase, ply = self.wait_for_my_turn_or_end()
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, ".vertex.playable")), 10)
        moves = 0
        while phase != "over":
            vertex = self.hinted(".vertex.hinted")
            self.assertEqual(len(vertex), 1)
            if moves % 2 == 0:
                vertex[0].click()
            else:
                self.driver.execute_script("arguments[0].focus()", vertex[0])
                vertex[0].send_keys(Keys.ENTER)
            moves += 1
            phase, ply = self.wait_for_my_turn_or_end(ply)
            self.assertLess(moves, 6)
        self.assertIn("You win", self.status())
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".vertex.present"), [])
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-node-kayles.png"))
        # The page offers Node Kayles on the graph files it serves, from all of its vertices.
        self.driver.find_element(By.ID, "new-button").click()
        family = Select(self.driver.find_element(By.ID, "family"))
        family.select_by_visible_text(f"node-kayles:{UNDIRECTED}")
        self.assertEqual(self.driver.find_element(By.ID, "position").get_attribute("value"),
                         f"node-kayles:{UNDIRECTED} all")

    def test_11_huge_heaps_are_shown_exactly(self):
        # 10^18 + 1 is above 2^53: read as a double it became 10^18.
        self.open_and_start("coprime 1000000000000000001 + nim 1", first="engine")
        self.wait_for_my_turn_or_end()
        self.assertEqual(self.driver.find_element(By.ID, "game-title").text, "coprime 1000000000000000001 + nim 1")
        self.assertRegex(self.status(), r"^The engine moved heap 1 \(coprime\): 1000000000000000001 -> \d+\. Your move\.$")
        # The value of a huge heap is above 2^53 too: shown with every digit the CLI prints.
        self.open_and_start("coprime 1000000000000000001")
        self.wait_for_my_turn_or_end()
        self.assertIn("1000000000000000001 tokens", self.driver.find_element(By.ID, "board").text)
        self.driver.find_element(By.ID, "values-button").click()
        tag = self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, ".value-tag"))[0].text
        cli = subprocess.run([GRUNDY, "value", "coprime", "1000000000000000001"], capture_output=True, text=True)
        self.assertEqual(tag, f"value {cli.stdout.strip()}")

    def test_12_a_click_knocks_down_the_pin_it_is_on(self):
        # A click on the third token, then the engine's reply, whose start says what the click left.
        cases = [
            # Kayles: the middle pin of 5 knocked down leaves 2 + 2 (it was refused: "cannot go from 5 to nothing").
            ("kayles 5", r"^The engine moved heap [12]: 2 -> "),
            # Dawson's Kayles knocks down two neighbours: the third of 6 goes with the fourth, 2 + 2 left.
            ("dawson-kayles 6", r"^The engine moved heap [12]: 2 -> "),
            # Nim keeps its way: a click takes that token and all after it.
            ("nim 5", r"^The engine moved heap 1: 2 -> "),
        ]
        for position, reply in cases:
            self.open_and_start(position)
            self.wait_for_my_turn_or_end()
            self.driver.find_element(By.CSS_SELECTOR, "button.token[data-leave='2']").click()
            self.wait_for_my_turn_or_end(0)
            self.assertFalse(self.driver.find_element(By.ID, "move-error").is_displayed(), position)
            self.assertRegex(self.status(), reply)

    def test_13_new_game_starts_with_values_hidden_and_the_picture(self):
        self.open_and_start("kayles 7")
        self.wait_for_my_turn_or_end()
        self.driver.find_element(By.ID, "values-button").click()
        self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, ".value-tag"))
        self.driver.find_element(By.ID, "new-button").click()
        self.open_and_start("kayles 7", keep_play=True)
        self.wait_for_my_turn_or_end()
        button = self.driver.find_element(By.ID, "values-button")
        self.assertEqual((button.text, button.get_attribute("aria-pressed")), ("Show values", "false"))
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, ".value-tag"), [])
        # The values picture of the game played, drawn by the server.
        self.driver.find_element(By.ID, "picture-button").click()
        img = self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, "#picture img"))[0]
        self.wait().until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", img))
        self.assertIn("game=kayles", img.get_attribute("data-src"))
        self.driver.execute_script("arguments[0].scrollIntoView()", img)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-values-picture.png"))

    def test_14_a_phone_keeps_the_header_in_view(self):
        # A phone held sideways: the page must not scroll by itself when the board gets the focus.
        self.driver.set_window_size(844, 340)
        try:
            self.open_and_start("nim 3 4 5 + kayles 6")
            self.wait_for_my_turn_or_end()
            self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, ".options button"))
            # Selenium scrolled to reach Start: back to the top. A keyboard player's move (the token
            # focused, then pressed) by script, so that Selenium scrolls nothing itself; the board
            # then gives the focus back to its first token, partly below the fold.
            self.driver.execute_script("window.scrollTo(0, 0)")
            self.driver.execute_script(
                "const t = document.querySelector(\"button.token[data-component='1'][data-leave='0']\");"
                "t.focus({ preventScroll: true }); t.click();")
            self.wait_for_my_turn_or_end(0)
            self.assertEqual(self.driver.execute_script("return window.scrollY"), 0)
        finally:
            self.driver.set_window_size(900, 1100)

    def start_and_wait(self, position, first="me"):
        self.open_and_start(position, first)
        return self.wait_for_my_turn_or_end()

    def test_15_positions_are_set_apart_from_sentences(self):
        # Issue 50, item 9: "The engine moved board 1: ... -> ...../..##./.##... Your move." ran the
        # board into the sentence. A board, a vertex set or a vertex is quoted; a heap size stays bare.
        self.start_and_wait("cram 3x5")
        # A board that is its whole empty rectangle is titled by its size.
        self.assertEqual(self.driver.find_element(By.ID, "game-title").text, "cram 3x5")
        pair = self.hinted(".cell.hinted")
        self.assertRegex(self.driver.find_element(By.ID, "hint").text, r"^Hint: board 1: '[.#/]+' -> '[.#/]+'\. ")
        pair[0].click()
        pair[1].click()
        self.wait_for_my_turn_or_end(0)
        self.assertRegex(self.status(), r"^The engine moved board 1: '[.#/]+' -> '[.#/]+'\. Your move\.$")
        self.start_and_wait(f"node-kayles:{UNDIRECTED} all", first="engine")
        self.assertRegex(self.status(), r"^The engine moved graph 1: 'all' -> '[a-z0-9,]+'\. Your move\.$")
        self.start_and_wait("nim 3 + cram 2x2", first="engine")
        self.assertEqual(self.driver.find_element(By.ID, "game-title").text, "nim 3 + cram 2x2")
        self.assertRegex(self.status(), r"^The engine moved (heap 1 \(nim\): 3 -> [0-2]|board 2 \(cram\): '\.\./\.\.' -> '[.#/]+')\. Your move\.$")

    def no_preview_after_the_engine_moves(self, position, pieces, preview):
        """Plays the first piece by a script's click (no pointer over the board) and checks that once
        the engine has replied nothing is previewed, though the board has the focus."""
        self.start_and_wait(position)
        ActionChains(self.driver).move_to_element(self.driver.find_element(By.TAG_NAME, "h1")).perform()
        self.driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                                   self.driver.find_element(By.CSS_SELECTOR, pieces))
        phase, _ = self.wait_for_my_turn_or_end(0)
        self.assertEqual(phase, "my-turn", position)
        focused = self.driver.execute_script("return document.activeElement.closest('#board') !== null")
        self.assertTrue(focused, position)
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, preview), [], position)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, f"serve-after-engine-{position.split()[0].split(':')[0]}.png"))

    def test_16_the_page_previews_no_move_it_chose_itself(self):
        # Issue 50, item 10: the focus the page gives back after the engine's move showed the "would
        # take" preview: the first pin of Kayles looked knocked down, vertices of Node Kayles removed.
        self.no_preview_after_the_engine_moves("kayles 7", "button.token[data-leave='0']", ".would-take")
        # A focus the player moves (Tab, past the moves listed under a row, to a token) and a pointer
        # over a token preview the move.
        for _ in range(20):
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
            if self.driver.execute_script("return document.activeElement.classList.contains('token')"):
                break
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, ".would-take")), 1)
        self.driver.execute_script("document.activeElement.blur()")
        last = self.driver.find_elements(By.CSS_SELECTOR, "button.token")[-1]
        ActionChains(self.driver).move_to_element(last).perform()
        self.wait().until(lambda d: "would-take" in last.get_attribute("class"))
        self.no_preview_after_the_engine_moves("nim 3 4 5", "button.token[data-component='0'][data-leave='2']",
                                               ".would-take")
        self.no_preview_after_the_engine_moves(f"node-kayles:{UNDIRECTED} all", ".vertex.playable",
                                               ".vertex.would-take")
        vertex = self.driver.find_elements(By.CSS_SELECTOR, ".vertex.playable")[0]
        ActionChains(self.driver).move_to_element(vertex).perform()
        self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, ".vertex.would-take"))

    def test_17_the_rule_and_how_to_move_are_on_the_game_screen(self):
        # Issue 50, item 11: the game screen said neither what a move is nor how to make one.
        def rule_of(*args):
            out = subprocess.run([GRUNDY, "play", *args], input="", capture_output=True, text=True).stdout
            return [line for line in out.splitlines() if line.startswith("Rule")]
        self.start_and_wait("cram 3x5")
        rules = self.driver.find_element(By.ID, "rules-line").text.splitlines()
        self.assertEqual(rules, rule_of("cram", "3x5"))
        self.assertIn("click a free cell, then a free cell beside", self.driver.find_element(By.ID, "how-to").text)
        self.start_and_wait(f"node-kayles:{UNDIRECTED} all")
        self.assertEqual(self.driver.find_element(By.ID, "rules-line").text.splitlines(),
                         rule_of(f"node-kayles:{UNDIRECTED}", "all"))
        self.assertIn("click a vertex still in play", self.driver.find_element(By.ID, "how-to").text)
        self.start_and_wait("nim 3 + kayles 5")
        rules = self.driver.find_element(By.ID, "rules-line").text.splitlines()
        self.assertEqual(rules[:2], rule_of("nim", "3", "+", "kayles", "5"))
        self.assertEqual(rules[2], "A turn is one move in one component; whoever cannot move loses.")
        how = self.driver.find_element(By.ID, "how-to").text.splitlines()
        self.assertEqual(how[0], "How to move:")
        self.assertTrue(how[1].startswith("Heaps: click a token: it and every token after it are taken"), how)
        self.assertTrue(how[2].startswith("Rows: click a token to knock it down"), how)
        # The values picture only where a component has a sequence of values (heap games).
        self.assertTrue(self.driver.find_element(By.ID, "picture-button").is_displayed())
        for position in ["cram 3x5", f"node-kayles:{UNDIRECTED} all"]:
            self.start_and_wait(position)
            self.assertFalse(self.driver.find_element(By.ID, "picture-button").is_displayed(), position)

    def test_18_misere_values_are_one_line_and_explained(self):
        # Issue 50, item 11: "value genus 3^3" wrapped as "value genus 3^" / "3", and "no genus (wild)"
        # was unexplained (and said of heaps that are not known to be wild at all).
        self.driver.get(self.server.url + "/")
        self.wait().until(lambda d: len(Select(d.find_element(By.ID, "family")).options) > 0)
        self.driver.find_element(By.CSS_SELECTOR, "input[name=play][value=misere]").click()
        for width in (900, 390):
            self.driver.set_window_size(width, 1100)
            try:
                # Kayles is wild: each heap shows its class in the whole game's misère quotient.
                for position, reason in [("nim 13 14 15", None),
                                         ("kayles 3 8", "is wild (its misère quotient, proven for the whole game"),
                                         ("cram 2x3", "cram is not one")]:
                    self.open_and_start(position, keep_play=True)
                    self.wait_for_my_turn_or_end()
                    self.driver.find_element(By.ID, "values-button").click()
                    tags = self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, ".value-tag"))
                    for tag in tags:
                        lines = self.driver.execute_script(
                            "const e = arguments[0];"
                            "return e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight);", tag)
                        self.assertLess(lines, 1.5, (width, position, tag.text))
                        if reason is None:
                            self.assertRegex(tag.text, r"^genus \d+$")  # the superscript: its own element
                            self.assertIn("Misère genus g^m", tag.get_attribute("title"))
                        elif position.startswith("kayles"):
                            self.driver.save_screenshot(os.path.join(ARTIFACTS, f"misere-classes-{width}.png"))
                            self.assertRegex(tag.text, r"^class [a-z0-9^]+$")
                            self.assertIn(reason, tag.get_attribute("title"))
                            self.assertIn("P-portion", tag.get_attribute("title"))
                        else:
                            self.assertEqual(tag.text, "no genus")
                            self.assertIn(reason, tag.get_attribute("title"))
                            self.assertIn("docs/misere.md", tag.get_attribute("title"))
            finally:
                self.driver.set_window_size(900, 1100)

    def plot_words(self, game):
        """The words of the page's picture of `game` (its title, rule and legend)."""
        svg = self.driver.execute_async_script(
            "fetch(`/api/plot?game=${encodeURIComponent(arguments[0])}&to=300`)"
            ".then((r) => r.text()).then(arguments[arguments.length - 1])", game)
        return re.findall(r"<text>([^<]*)</text>", svg)

    def test_19_the_values_picture_says_what_is_true(self):
        # Issue 50, item 11: nim's legend said "one period: n = 0..0" and "preperiod ends: n = 0".
        self.start_and_wait("nim 3 4 5")
        self.driver.find_element(By.ID, "picture-button").click()
        img = self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, "#picture img"))[0]
        self.wait().until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", img))
        words = self.plot_words("nim")
        self.assertIn("G(n + 1) = G(n) + 1; shaded: n = 0", words)
        self.assertEqual([w for w in words if "period" in w], [])
        # A period from n = 0 has no preperiod to end.
        words = self.plot_words("subtraction:1-3")
        self.assertIn("one period: n = 0..3", words)
        self.assertEqual([w for w in words if "preperiod" in w], [])
        # A picture the server refuses is explained in the server's words (a 422 here), not with a guess
        # about gnuplot.
        self.start_and_wait("tb:0.[{255}] 5")
        self.driver.find_element(By.ID, "picture-button").click()
        error = self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, "#picture .error"))[0]
        self.assertIn("the values beyond G(63) are not computed", error.text)
        self.assertNotIn("gnuplot", error.text)

    def test_20_chomp_by_clicking_squares(self):
        # Issue 51: Chomp, a searched game written as rules through SearchedGame, played on the page:
        # one click eats a square with every square above it and to its right.
        phase, ply = self.start_and_wait("chomp 3x4")
        self.assertIn("click a square: it is eaten with every square above it and to its right",
                      self.driver.find_element(By.ID, "how-to").text)
        cells = self.driver.find_elements(By.CSS_SELECTOR, "button.cell")
        self.assertEqual(len(cells), 12)
        # The poisoned square (bottom left) is marked, and never a move.
        self.assertFalse(cells[8].is_enabled())
        self.assertEqual([c.get_attribute("data-cell") for c in self.driver.find_elements(By.CSS_SELECTOR, ".cell.marked")],
                         ["8"])
        self.assertEqual(cells[8].get_attribute("aria-label"), "row 3, column 1: free, the poisoned square")
        self.assertEqual(cells[8].text, "☠")
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-chomp-start.png"))
        moves = 0
        while phase != "over":
            square = self.hinted(".cell.hinted")
            self.assertEqual(len(square), 1)
            square[0].click()
            moves += 1
            phase, ply = self.wait_for_my_turn_or_end(ply)
            self.assertLess(moves, 12)
        self.assertIn("You win", self.status())
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-chomp.png"))

    def test_8_screenshot_for_the_readme(self):
        self.open_and_start("nim 3 4 5 + kayles 6")
        self.wait_for_my_turn_or_end()
        self.driver.find_element(By.ID, "values-button").click()
        self.wait().until(lambda d: d.find_element(By.ID, "sum-line").is_displayed())
        self.driver.find_element(By.ID, "hint-button").click()
        self.wait().until(ec.visibility_of_element_located((By.ID, "hint")))
        self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, ".options button"))
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve.png"))
        # No script error on the way (the 400s of the earlier tests' bad input are network entries).
        log = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE" and e["source"] != "network"]
        self.assertEqual(log, [])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
