// A kernel template no valid code instantiates is analysed in its generic form: the overloads a
// call of a dependent value names are the intrinsic's.
template <typename T>
__global__ void broadcast_first(T *data) {
  T v = data[threadIdx.x];
  data[threadIdx.x] = __shfl(v, 0); // expected-warning {{__shfl}}
}
