/** How to play Villages of Valeria, summarised from its rules of record (shared/rules/villages-of-valeria.md). */
export default function VillagesOfValeriaRules() {
  return (
    <>
      <p>
        One to five players build villages from a hand of cards. Every card is either a building to build or a resource to develop, and whatever the active
        player leads, everyone else may follow, so no one waits idle.
      </p>
      <h2>Setup</h2>
      <ul>
        <li>Each player takes a Castle (a wild resource only they can use) and 3 gold from a bank whose size depends on the number of players.</li>
        <li>Six buildings are dealt to each hand. Five piles show one building each; five adventurers are face up to recruit.</li>
        <li>In a setup round everyone develops one card from hand as a resource for free, so you begin with the Castle's wild and one ordinary resource.</li>
      </ul>
      <h2>A turn</h2>
      <p>
        First take back every coin on your Castle and resources (coins other players placed there are now yours). Then <strong>lead</strong> one of five
        actions; each other player in turn may <strong>follow</strong> it, for its smaller follow effect, or decline.
      </p>
      <div class="table-scroll">
        <table class="ranking">
          <caption class="muted">The five actions</caption>
          <thead>
            <tr>
              <th scope="col">Action</th>
              <th scope="col">Lead</th>
              <th scope="col">Follow</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Harvest</th>
              <td>draw 3</td>
              <td>draw 1</td>
            </tr>
            <tr>
              <th scope="row">Develop</th>
              <td>discard 1, then put 1 card under your Castle as a resource</td>
              <td>discard 2, then develop 1</td>
            </tr>
            <tr>
              <th scope="row">Build</th>
              <td>pay a building's cost, add it to your village, draw 1</td>
              <td>pay and add it, no draw</td>
            </tr>
            <tr>
              <th scope="row">Recruit</th>
              <td>pay 1 gold, take an adventurer your buildings qualify for</td>
              <td>the same for 2 gold</td>
            </tr>
            <tr>
              <th scope="row">Tax</th>
              <td>take 1 gold from the bank and draw 1</td>
              <td>draw 1</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        A building's cost is paid by putting one of your free coins on a matching resource card, your own or another player's (whose owner then gains the coin).
        Buildings and adventurers bring powers: some act whenever you lead or follow an action, some once when placed, some score at the end. You may hold 8
        cards after an action.
      </p>
      <h2>The end and scoring</h2>
      <p>
        The game ends after the turn in which a village holds 12 buildings and adventurers (10 with four or five players). Score the printed points of your
        buildings and adventurers, your end powers, and 1 point per coin you own. Ties go to the most buildings and adventurers, then the most gold, then the
        most resources, and are then shared. A game that can no longer reach the end ends after a round in which nobody could draw, build, develop or recruit
        (VV-R10).
      </p>
      <h2>Alone</h2>
      <p>
        The solo game uses a 35-card deck and a bank of 7; there are no follows, and coins stay unavailable a turn longer. It ends when the deck runs out, and
        your score ranks you from Pothole to Imperator (60 or more).
      </p>
      <h2>Playing it here</h2>
      <ul>
        <li>After the leader finishes, each follow window opens in turn with its own deadline; a window that times out is declined (VV-R6).</li>
        <li>
          Standing orders answer follow windows for you the moment they open (always follow Harvest from the deck, never follow Tax…), so a game by mail keeps
          moving.
        </li>
        <li>When the active player's time runs out, the service plays Tax if it can, else Harvest (VV-R7).</li>
      </ul>
    </>
  );
}
