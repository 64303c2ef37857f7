// The replay's script: it plays the replay (Play/Pause, speed), steps it in place with the
// keys (← →, Home, End) and the step links, and says each move aloud. Without it the step
// links are plain links to each step's page, and the keys follow them. The line's page
// waits here too while the solver looks for the line. Each topic is a module in replay/.
import { frame } from "./replay/frames.js";
import { setUpPlayer } from "./replay/player.js";
import { waitForLine } from "./replay/wait.js";

document.documentElement.classList.add("js");
if (frame()) setUpPlayer();
waitForLine();
