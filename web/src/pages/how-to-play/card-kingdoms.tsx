/** How to play Valeria: Card Kingdoms, summarised from its rules of record (shared/rules/valeria-card-kingdoms.md). */
export default function CardKingdomsRules() {
  return (
    <>
      <p>
        One to five players build kingdoms of citizens who pay out when the dice name them, then spend gold, strength and magic to slay monsters and build
        domains. The most victory points wins.
      </p>
      <h2>Setup</h2>
      <ul>
        <li>
          Five stacks of monsters (weakest on top), ten stacks of citizens (one name per activation number, 1 to 12) and five stacks of domains are laid out.
        </li>
        <li>
          Each player starts with a Starter Peasant and a Starter Knight, 2 gold and 1 magic, and is dealt two <strong>Dukes</strong>: keep one in secret; it
          scores your kingdom at the end.
        </li>
        <li>The first player is chosen at random and holds the dice.</li>
      </ul>
      <h2>A turn</h2>
      <ol>
        <li>
          <strong>Roll</strong> two dice. Some domains let the active player change a die first.
        </li>
        <li>
          <strong>Harvest.</strong> Every citizen, in <em>every</em> kingdom, whose number matches either die or their sum pays out; each copy counts. The
          active player uses citizens' active powers, everyone else their passive ones, so other players' turns pay you too. On a double, the die value counts
          twice and the sum once (VK-R5). Thieves resolve first. Anyone whose citizens all missed takes 1 resource of their choice.
        </li>
        <li>
          <strong>Two actions</strong> for the active player (the same one twice is allowed):
          <ul>
            <li>Slay a monster: pay its strength (magic may stand in, but at least one strength) and any magic cost; take it and its reward.</li>
            <li>Recruit a citizen: pay its gold cost, plus 1 for each copy of that name you own already; it does not activate in the turn it arrives.</li>
            <li>Build a domain: have the roles it requires among your citizens, pay its gold, and gain its reward or lasting power.</li>
            <li>Take 1 gold, 1 strength or 1 magic.</li>
          </ul>
        </li>
        <li>The dice pass to the left.</li>
      </ol>
      <h2>The end and scoring</h2>
      <p>
        The end comes into sight when every monster is slain, every domain built, or twice as many stacks as players are exhausted; the round is then finished
        so that everyone has had as many turns (a stack reopened meanwhile can put the end off: VK-R6). Your score is the points of your monsters and domains,
        your VP tokens, and your Duke. A tie goes to the fewest cards in the kingdom, and then is shared (VK-R1).
      </p>
      <h2>Alone, and with five</h2>
      <p>
        The solo game is played against the Dark Lord: after your actions the dice also make the monsters attack the citizen stacks; slay them all to win at
        once. With five players the stacks are taller and a Rest token skips one player's harvest each turn.
      </p>
      <h2>Playing it here</h2>
      <ul>
        <li>Choosing your Duke and every harvest are one window for all players; what you choose stays secret until the window closes (VK-R2, VK-R4).</li>
        <li>The active player's die changes and two actions share one turn deadline; when it passes, each remaining action takes 1 gold (VK-R3).</li>
        <li>A Thief's owner chooses how much to take, 0 to 3 (VK-R8).</li>
      </ul>
    </>
  );
}
