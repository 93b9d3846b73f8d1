// "Your turn" for asynchronous play: when it becomes this seat's turn while the page is in
// the background, the page title says so and (if the player allowed it) a browser
// notification is shown. The button asks for the permission.

const PREFIX = "(Your turn) ";

function supported() {
  return typeof window.Notification === "function";
}

function yourTurn(view) {
  return Boolean(view) && (view.legal_actions || []).some((a) => a.type !== "undo");
}

/** Watch the views of a seat (``update`` after each render); ``button`` allows notifications. */
export function initNotify(button) {
  let before = null; // was it this seat's turn at the last view?
  let waiting = false; // the title says "your turn" until the page is seen
  const mark = () => {
    if (waiting && !document.title.startsWith(PREFIX)) document.title = PREFIX + document.title;
    if (!waiting && document.title.startsWith(PREFIX)) document.title = document.title.slice(PREFIX.length);
  };
  const showButton = () => {
    button.hidden = !supported() || Notification.permission !== "default";
  };
  button.addEventListener("click", async () => {
    if (supported()) await Notification.requestPermission();
    showButton();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) return;
    waiting = false;
    mark();
  });
  showButton();
  return {
    /** After a view is drawn: tell the player if his turn has just come while away. */
    update(view, name) {
      const now = yourTurn(view);
      if (now && before === false && document.hidden) {
        waiting = true;
        if (supported() && Notification.permission === "granted") {
          new Notification("greatwar: your turn", { body: name || "", tag: "greatwar-turn" });
        }
      }
      before = now;
      mark();
    },
  };
}
