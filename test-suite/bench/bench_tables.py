"""What the benchmark scripts here share: their tables, printed as markdown."""


def table(title, header, rows):
    print(f"\n{title}\n\n| {' | '.join(header)} |\n|{'---|' * len(header)}")
    for r in rows:
        print(f"| {' | '.join(r)} |")
