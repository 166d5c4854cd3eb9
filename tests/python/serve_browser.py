"""The page of `python3 -m grundy serve` in headless Chromium, for games written
in Python (served_games.py): each played to its end through the page, with
screenshots in ARTIFACT_DIR.

Usage: serve_browser.py ARTIFACT_DIR   (PYTHONPATH holds the grundy package)

- Subtract, with no draw(): its moves are buttons; the person follows the hints and wins.
- TwoRows, drawn as heaps: tokens clicked where a move takes from one row, buttons for the rest.
- Cram on a 3x3 board, drawn as a grid: the engine moves first; the person clicks the hinted cells.
- Raises, whose moves raise at 5 tokens: the page says so, and Undo plays on.
"""

import ast
import os
import sys
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "serve"))
from browser import chromium  # noqa: E402
from served_server import ServedGame  # noqa: E402

ARTIFACTS = sys.argv[1]
WAIT = 30  # seconds: generous for a loaded CI machine


class PythonGamesInThePage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(ARTIFACTS, exist_ok=True)
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def setUp(self):
        self.server = None

    def tearDown(self):
        if self.server is not None:
            self.server.stop()

    def wait(self):
        return WebDriverWait(self.driver, WAIT)

    def serve_and_start(self, *words, first="me"):
        """Serves the game and starts it from the position the page is given (the menu's only entry)."""
        self.server = ServedGame(*words)
        self.driver.get(self.server.url + "/")
        self.wait().until(lambda d: d.find_element(By.ID, "position").get_attribute("value").startswith("python:"))
        self.driver.find_element(By.CSS_SELECTOR, f"input[name=first][value={first}]").click()
        self.driver.find_element(By.ID, "start").click()
        return self.settled()

    def phase(self):
        phase, ply = self.driver.execute_script("return [document.body.dataset.phase, document.body.dataset.ply]")
        return phase, int(ply or 0)

    def settled(self, after_ply=-1):
        """Until the person is to move, the game is over or it stopped on an error, past `after_ply`."""
        def ready(_):
            phase, ply = self.phase()
            return (phase, ply) if phase in ("my-turn", "over", "error") and ply > after_ply else None
        return self.wait().until(ready)

    def status(self):
        return self.driver.find_element(By.ID, "status").text

    def hint(self):
        """The hint's move: (component, [positions left]) as the page keeps it."""
        self.driver.find_element(By.ID, "hint-button").click()
        hint = self.wait().until(ec.visibility_of_element_located((By.ID, "hint")))
        return int(hint.get_attribute("data-component")), ast.literal_eval(hint.get_attribute("data-to"))

    def option_button(self, text):
        """The button of a listed move, "→ TEXT"."""
        def found(d):
            buttons = [b for b in d.find_elements(By.CSS_SELECTOR, ".options button") if b.text == f"→ {text}"]
            return buttons[0] if buttons else None
        return self.wait().until(found)

    def test_1_moves_as_buttons_by_default(self):
        phase, ply = self.serve_and_start("served_games:Subtract", "10")
        self.assertIn("Subtract.moves", self.driver.find_element(By.ID, "rules-line").text)
        self.assertIn("choose a move from the list", self.driver.find_element(By.ID, "how-to").text)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-python-default-start.png"))
        moves = 0
        while phase != "over":
            _, to = self.hint()
            self.option_button(to[0]).click()
            moves += 1
            phase, ply = self.settled(ply)
            self.assertLess(moves, 10)
        self.assertIn("You win", self.status())
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-python-default.png"))

    def test_2_heaps_drawn_by_the_game(self):
        phase, ply = self.serve_and_start("served_games:TwoRows", "(5, 7)")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, ".heap-rows .tokens")), 2)
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, ".heap-rows button.token")), 12)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-python-heaps-start.png"))
        clicked = listed = 0
        while phase != "over":
            _, to = self.hint()
            hinted = self.driver.find_elements(By.CSS_SELECTOR, ".heap-rows button.token.hinted")
            if hinted:
                # A move on one row: its first token, clicked, takes the rest of the row with it.
                min(hinted, key=lambda t: int(t.get_attribute("data-piece"))).click()
                clicked += 1
            else:
                self.option_button(to[0]).click()  # on both rows: from the list under the picture
                listed += 1
            phase, ply = self.settled(ply)
            self.assertLess(clicked + listed, 20)
        self.assertIn("You win", self.status())
        self.assertGreater(clicked, 0)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-python-heaps.png"))

    def test_3_a_cram_board_drawn_by_the_game(self):
        phase, ply = self.serve_and_start("served_games:Cram", "('...', '...', '...')", first="engine")
        self.assertEqual(len(self.driver.find_elements(By.CSS_SELECTOR, "button.cell")), 9)
        self.assertIn("click two free cells side by side", self.driver.find_element(By.ID, "how-to").text)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-python-cram-start.png"))
        moves = 0
        while phase != "over":
            # 3x3 Cram has value 0: the engine, first, loses to the hints' cells.
            self.hint()
            pair = self.wait().until(lambda d: d.find_elements(By.CSS_SELECTOR, "button.cell.hinted"))
            self.assertEqual(len(pair), 2)
            pair[0].click()
            self.assertEqual(pair[0].get_attribute("aria-pressed"), "true")
            pair[1].click()
            moves += 1
            phase, ply = self.settled(ply)
            self.assertLess(moves, 5)
        self.assertIn("You win", self.status())
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-python-cram.png"))

    def test_4_a_game_that_raises_leaves_the_page_usable(self):
        phase, ply = self.serve_and_start("served_games:Raises", "7")
        self.option_button("6").click()  # the engine, at 6, looks at 5: moves(5) raises
        phase, ply = self.settled(ply)
        self.assertEqual(phase, "error")
        error = self.wait().until(ec.visibility_of_element_located((By.ID, "move-error")))
        self.assertEqual(error.text, "the game's code raised ValueError: no moves from 5 today")
        self.assertIn("Undo takes your last move back", self.status())
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "serve-python-raises.png"))
        self.driver.find_element(By.ID, "undo-button").click()
        self.wait().until(lambda _: self.phase()[0] == "my-turn")
        phase, ply = self.phase()
        self.assertFalse(self.driver.find_element(By.ID, "move-error").is_displayed())
        # 7 -> 4 leaves the engine a lost position that never reaches 5: played to the end.
        self.option_button("4").click()
        phase, ply = self.settled(ply)
        while phase != "over":
            _, to = self.hint()
            self.option_button(to[0]).click()
            phase, ply = self.settled(ply)
        self.assertIn("You win", self.status())


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
