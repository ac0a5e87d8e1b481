/** How to play Village Pillage, summarised from its rules of record (shared/rules/village-pillage.md). */
export default function VillagePillageRules() {
  return (
    <>
      <p>
        Two to five players grow, guard, steal and spend turnips. Everyone plays at once, in secret; the cards are then revealed and settled against each other.
        The first to own three relics wins.
      </p>
      <h2>What you have</h2>
      <ul>
        <li>
          Four starting cards, one of each type: the <strong>Farmer</strong> gains turnips but is weak against Raiders; the <strong>Wall</strong> protects
          against Raiders and gains little; the <strong>Raider</strong> steals from Farmers and Merchants but does nothing against Walls and Raiders; the{' '}
          <strong>Merchant</strong> buys relics and Market cards, and is weak against Raiders.
        </li>
        <li>
          Turnips in two places: your <strong>Stockpile</strong> (you start with 1) and your <strong>Bank</strong> (1 to start; it holds 5, or 4 in the
          two-player Duel). Banked turnips can be spent but not stolen, unless a card says so.
        </li>
        <li>A Market of 20 stronger or stranger cards, four of them face up to buy.</li>
      </ul>
      <h2>A round: plan, resolve, refresh</h2>
      <ol>
        <li>
          <strong>Plan.</strong> With three to five players, everyone secretly places one card from hand facing their left neighbour and one facing their right
          (both may be of one type). In the two-player <strong>Duel</strong> you queue two cards face down on the first round, front and back, and afterwards
          add one card behind the queue; only the front card is played each round.
        </li>
        <li>
          <strong>Resolve.</strong> All planned cards are revealed. Types resolve in the order Farmer, Wall, Raider, Merchant. Each card affects only the
          neighbour it faces, and what it does depends on the card that neighbour played toward it:
          <ul>
            <li>GAIN takes turnips from the supply into your Stockpile; BANK moves turnips from your Stockpile to your Bank.</li>
            <li>STEAL takes up to that many from the target's Stockpile (two thieves short of loot split it evenly).</li>
            <li>
              BUY RELIC is mandatory when you can pay: your relics cost 8, 9, then 10 turnips (6, 7, 8 in the Duel), each of a kind you do not own yet. A
              Merchant that cannot buy a relic buys a face-up Market card for its printed price instead, if you can pay.
            </li>
            <li>EXHAUST cards resolve normally but sit out the next round.</li>
          </ul>
        </li>
        <li>
          <strong>Refresh.</strong> Played cards return to your hand (exhausted ones a round later); in the Duel only the front card returns.
        </li>
      </ol>
      <h2>The end</h2>
      <p>
        The first player to own three relics (a Sceptre, a Throne and a Crown: ruling VP-R1) wins at once. If several get there together, the one with most
        turnips wins, then the one with most cards in hand; still tied, they share the victory.
      </p>
      <h2>Playing it here</h2>
      <ul>
        <li>Planning is one window: your plan stays secret until everyone has planned or time runs out; a missing plan is chosen at random (VP-R3).</li>
        <li>
          Choices that come up while cards resolve (which Market card, which of two Merchants first) are yours, with a short deadline; the default takes the
          leftmost affordable card and the left Merchant first (VP-R4).
        </li>
        <li>
          A two-player game may use the standard Bank side and play by the three-to-five player rules: no queue, two cards a round, Bank of 5 (option "standard
          banks", VP-R5). Purchases are paid from the Stockpile first, then the Bank (VP-R6).
        </li>
      </ul>
    </>
  );
}
