export PATH=/work/main/build/bin:$PATH
declare -A ARGS=([qsort]="1024" [gen]="256" [kvstore]="1024 16000000 2" [blackscholes]="1024 3" [psort]="1024 2" [websvc]="1024 400000 2" [kmedian]="1024 16 2" [dataframe]="1024" [pipeline]="1024 256")
while read app bytes; do
  [ -z "${ARGS[$app]}" ] && continue
  s=$(date +%s.%N); app-$app ${ARGS[$app]} > /tmp/df/nat.out; e=$(date +%s.%N); nat=$(echo "$e - $s" | bc)
  printf "%-12s native %6.2f s\n" $app $nat
  ./libab.sh 1 $app -- --local $bytes -- app-$app ${ARGS[$app]}
done < budgets.txt
